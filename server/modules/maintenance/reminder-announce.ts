import type { BusMessage } from "../../shared/ports";
import type { NoticeStage } from "./reminder-status";

/** A claimed, committed reminder notice that names its responsible user. */
export interface CommittedReminderNotice {
  orgId: string;
  userId: string;
  reminderId: string;
  cycle: number;
  stage: NoticeStage;
  name: string;
  vehicleId: string;
  vehicleName: string;
  vehicleTeamId: string | null;
}

export const reminderPath = (reminderId: string) => `/maintenance/reminders/edit/${reminderId}`;

/** The bus message: the hub hands it to the user's open pages if they may read maintenance and see the vehicle. */
export function reminderMessage(n: CommittedReminderNotice): Extract<BusMessage, { k: "reminder" }> {
  return {
    k: "reminder",
    o: n.orgId,
    u: [n.userId],
    r: {
      id: `${n.reminderId}:${n.cycle}:${n.stage}`,
      reminderId: n.reminderId,
      stage: n.stage,
      name: n.name,
      vehicleId: n.vehicleId,
      vehicleName: n.vehicleName,
      vehicleTeamId: n.vehicleTeamId,
      url: reminderPath(n.reminderId),
    },
  };
}
