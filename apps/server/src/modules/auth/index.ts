/**
 * The public face of the auth module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export {
  createAccount,
  findAccountByEmail,
  findAccountById,
  resetAccountPassword,
  takeOverAccount,
} from './accounts';
export type { AccountByEmail, AccountProfile, AccountTakeOver, NewAccount } from './accounts';
export { issueCode, readLinkToken, spendLinkToken } from './codes';
export type { LinkTokenState } from './codes';
export { registerContactSessions, registerSsoSessions } from './hooks';
export type { ContactSessions, SsoSessions } from './hooks';
export { registerMf2aRoutes } from './mf2a-routes';
export { findPeople, userDirectory, userIdsByEmails, userNamesTupleText } from './people';
export type { PersonNames } from './people';
export { registerAuthRoutes } from './routes';
export { pictureKeyOf, pictureKeysOf, setPictureKey, updateUserProfile } from './user-profile';
export type { PictureKind, UserProfileChanges } from './user-profile';
export {
  buildUserDetails,
  openContactSession,
  openSession,
  revokeAllSessions,
  revokeFamily,
  revokeCompanySessions,
  revokeRefreshToken,
} from './session-service';
export type { ClientInfo } from './session-service';
export { isUniqueViolation } from './signup-service';
export { checkSigninPassword, invalidSignin, signinSucceeded, startSecondFactor } from './signin-service';
export type { SecondFactorChallenge, SigninUser } from './signin-service';
