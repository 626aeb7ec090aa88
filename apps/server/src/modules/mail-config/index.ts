/**
 * The public face of the mail-config module: other modules and the composition root import only
 * this file (checked by .dependency-cruiser.cjs). Its table stays private to it.
 */
import type { Platform } from '../../platform/platform';
import { companySmtpResolver } from './service';

export { registerMailConfigRoutes } from './routes';

/**
 * Gives the mail job each company's own SMTP settings. Called from `module-jobs.ts`, so that API
 * processes, worker processes and tests all deliver through them.
 */
export function registerCompanySmtp(platform: Platform): void {
  platform.mail.setCompanySmtpResolver(
    companySmtpResolver(
      platform.database.db,
      platform.config.secrets.storageSecret,
      platform.config.smtpAllowPrivateHosts,
    ),
  );
}
