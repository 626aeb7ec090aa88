// The heading moved to shared/ui/account-forms; this name stays for team/invite-user-screen until
// its import points there.
export { AccountHeader as AuthScreenHeader } from '../../shared/ui/account-forms/account-header';
