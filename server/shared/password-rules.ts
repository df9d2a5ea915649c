/** The shortest password accepted anywhere (sign-up, profile, reset); shared with the forms in the browser. */
export const MIN_PASSWORD = 8;
