import { addressesJobs } from "../server/modules/addresses";
import { alertsJobs } from "../server/modules/alerts";
import { analyticsJobs } from "../server/modules/analytics";
import { carSharingJobs } from "../server/modules/car-sharing";
import { liveJobs } from "../server/modules/live";
import { maintenanceJobs } from "../server/modules/maintenance";
import { passwordResetJobs } from "../server/modules/password-reset";
import { pushJobs } from "../server/modules/push";
import { positionsJobs } from "../server/modules/positions";
import { optimizationJobs } from "../server/optimization/optimization.jobs";
import { routePlanningJobs } from "../server/modules/route-planning";
import { tmsJobs } from "../server/modules/tms";
import { videoJobs } from "../server/modules/video";
import { webhooksJobs } from "../server/modules/webhooks";
import { eventsJobs } from "../server/modules/events";
import type { JobDefinition } from "../server/job-definition";

/** Every module's jobs (`<module>.jobs.ts`). A new module adds its list here; workers.ts groups them by queue. */
export const ALL_JOBS: readonly JobDefinition[] = [
  ...passwordResetJobs,
  ...alertsJobs,
  ...positionsJobs,
  ...liveJobs,
  ...optimizationJobs,
  ...analyticsJobs,
  ...carSharingJobs,
  ...maintenanceJobs,
  ...routePlanningJobs,
  ...tmsJobs,
  ...videoJobs,
  ...pushJobs,
  ...addressesJobs,
  ...eventsJobs,
  ...webhooksJobs,
];
