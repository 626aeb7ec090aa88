import type { Db } from '../../platform/db/database';

/*
 * What modules above form-submissions require before a submission may be submitted (pay-buttons:
 * a pay button paid first). Each registers at start-up through `module-hooks.ts`; a check throws
 * an AppError to refuse, inside the submit's transaction when there is one.
 */

/** The submission as a check sees it: its visible template steps. */
export type SubmitCheckInput = {
  submissionId: string;
  companyId: string;
  formBuilderId: string;
  templateSteps: { stepId: string; templateId: string }[];
};

export type SubmitCheck = (db: Db, input: SubmitCheckInput) => Promise<void>;

const checks = new Map<string, SubmitCheck>();

/** Registers (or replaces, by name) a check run before every submit. */
export function registerSubmitCheck(name: string, check: SubmitCheck): void {
  checks.set(name, check);
}

export async function runSubmitChecks(db: Db, input: SubmitCheckInput): Promise<void> {
  for (const check of checks.values()) await check(db, input);
}
