// The code boxes are a shared part now; this re-export keeps settings/transfer-confirm-screen
// building until its import points at shared/ui/account-forms/code-input.
export { CODE_LENGTH, CodeInput, type CodeInputProps } from '../../shared/ui/account-forms/code-input';
