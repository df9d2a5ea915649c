import { AppError } from "../../errors";
import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const routePlanningPolicy = {
  read: (p: Principal) => authorize(p, "routePlanning:read"),
  write: (p: Principal) => authorize(p, "routePlanning:write"),
  /** A phone action on a job: only the driver it is assigned to (other organisations' jobs are not found before this). */
  ownJob: (p: Principal, job: { driver_id: string | null }) => {
    if (job.driver_id !== p.userId) throw new AppError("NOT_YOUR_JOB", "This job is not assigned to you");
  },
};
