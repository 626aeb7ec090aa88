/**
 * The public face of the settings module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerSettingsRoutes } from './routes';
export { getApiKey } from './service';
export { companyOfApiKey } from './api-key-check';
export { overDefaults, readSavedSettings, readSettings, wantsNotification } from './service';
export {
  companyDateSettingsText,
  companyDateStyle,
  dateStyleOfSaved,
  recipientDateStyle,
  userDateStyle,
} from './date-style';
