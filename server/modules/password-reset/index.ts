/** The password-reset module's front door: what other modules and the server's adapters may use. */
export { passwordResetJobs } from "./password-reset.jobs";
export { requestPasswordReset, completePasswordReset, verifyResetCode } from "./password-reset.service";
export { resetCodeSchema, newPasswordSchema, resetEmailSchema } from "./password-reset.schema";
