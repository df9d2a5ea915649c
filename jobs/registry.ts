import { addressesJobs } from "../server/modules/addresses/addresses.jobs";
import { alertsJobs } from "../server/modules/alerts/alerts.jobs";
import { analyticsJobs } from "../server/modules/analytics/analytics.jobs";
import { carSharingJobs } from "../server/modules/car-sharing/car-sharing.jobs";
import { liveJobs } from "../server/modules/live/live.jobs";
import { maintenanceJobs } from "../server/modules/maintenance/maintenance.jobs";
import { passwordResetJobs } from "../server/modules/password-reset/password-reset.jobs";
import { pushJobs } from "../server/modules/push/push.jobs";
import { positionsJobs } from "../server/modules/positions/positions.jobs";
import { optimizationJobs } from "../server/optimization/optimization.jobs";
import { routePlanningJobs } from "../server/modules/route-planning/route-planning.jobs";
import { tmsJobs } from "../server/modules/tms/tms.jobs";
import { videoJobs } from "../server/modules/video/video.jobs";
import { webhooksJobs } from "../server/modules/webhooks/webhooks.jobs";
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
  ...webhooksJobs,
];
