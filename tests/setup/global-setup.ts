// Replaced by the database/test harness; kept minimal so pure unit tests run.
export default async function setup() {}
