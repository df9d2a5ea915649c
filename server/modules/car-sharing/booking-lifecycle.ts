import type { AppContext } from "../../context";
import { setBookingStatus } from "./booking-events";
import type { Mailer } from "../../mail/mailer";
import { formatInstant } from "../../shared/dates";
import { bookingReminderEmail } from "../../../templates/email/booking-reminder";
import { orgTimeZone } from "../organization";
import { notifyUser } from "../push";
import { vehicleStateRepo } from "../positions";
import { bookingLifecycleRepo } from "./booking-lifecycle.repo";
import { bookingsRepo, type BookingRow } from "./bookings.repo";
import { bookingsBackAtBase, vehicleUsage } from "./vehicle-usage";

type Recipient = { email: string | null; name: string; language: string; driver: string | null };

/**
 * Sends each due reminder once: the booking is claimed (reminder_sent_at) before the e-mails go out, so a restart
 * or a second worker never sends it again; each person's row is claimed too (booking_people.reminded_at). A passenger
 * added by an edit after the reminder went out (start unchanged) is reminded on the next run, once, alone. A failed
 * send is logged, not retried (a late reminder is worse than none).
 */
export async function sendDueReminders(ctx: AppContext, mailer: Mailer, now: Date): Promise<{ sent: number }> {
  let sent = 0;
  for (const due of await bookingLifecycleRepo.dueReminders(ctx.db, now)) {
    if (!(await bookingLifecycleRepo.claimReminder(ctx.db, due.id, now))) continue;
    const b = await bookingsRepo.findById(ctx.db, due.org_id, due.id);
    if (!b) continue;
    const claimed = await bookingLifecycleRepo.claimPeople(ctx.db, due.org_id, b.id, b.notify_users, now);
    const recipients = new Map<string, Recipient>();
    const user = await bookingLifecycleRepo.reminderUser(ctx.db, due.org_id, b.user_id);
    if (user && claimed.has(b.user_id))
      recipients.set(b.user_id, {
        email: user.email,
        name: user.first_name,
        language: user.default_language,
        driver: null,
      });
    for (const p of await bookingsRepo.passengers(ctx.db, due.org_id, [b.id])) {
      if (claimed.has(p.user_id))
        recipients.set(p.user_id, { email: p.email, name: p.name, language: p.default_language, driver: b.user_name });
    }
    // the users tab's notification scope: "none" hears nothing, "all" hears every booking of the organisation
    for (const s of await bookingLifecycleRepo.notificationScopes(ctx.db, due.org_id)) {
      if (s.notification_scope === "none") recipients.delete(s.user_id);
      else if (!recipients.has(s.user_id))
        recipients.set(s.user_id, {
          email: s.email,
          name: s.first_name,
          language: s.default_language,
          driver: b.user_name,
        });
    }
    sent += await mailAll(ctx, mailer, due.org_id, b, recipients);
  }
  for (const late of await bookingLifecycleRepo.lateReminders(ctx.db, now)) {
    const b = await bookingsRepo.findById(ctx.db, late.org_id, late.id);
    if (!b) continue;
    const claimed = await bookingLifecycleRepo.claimPeople(ctx.db, late.org_id, b.id, true, now);
    const quiet = new Set(
      (await bookingLifecycleRepo.notificationScopes(ctx.db, late.org_id))
        .filter((s) => s.notification_scope === "none")
        .map((s) => s.user_id),
    );
    const recipients = new Map<string, Recipient>();
    for (const p of await bookingsRepo.passengers(ctx.db, late.org_id, [b.id])) {
      if (claimed.has(p.user_id) && !quiet.has(p.user_id))
        recipients.set(p.user_id, { email: p.email, name: p.name, language: p.default_language, driver: b.user_name });
    }
    sent += await mailAll(ctx, mailer, late.org_id, b, recipients);
  }
  return { sent };
}

async function mailAll(
  ctx: AppContext,
  mailer: Mailer,
  orgId: string,
  b: BookingRow,
  recipients: Map<string, Recipient>,
) {
  const base = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, "");
  const tz = await orgTimeZone(ctx, orgId);
  let sent = 0;
  // the same reminder on each person's phones (Web Push, in their language; docs/driver-app.md)
  for (const userId of recipients.keys())
    await notifyUser(
      ctx,
      orgId,
      userId,
      "booking_reminder",
      { id: b.id, vehicle: b.registration, start: formatInstant(b.starts_at, tz), end: formatInstant(b.ends_at, tz) },
      `/car-sharing/bookings/${b.id}`,
    );
  for (const r of recipients.values()) {
    if (!r.email) continue;
    try {
      await mailer.send(
        bookingReminderEmail({
          to: r.email,
          language: r.language === "en" ? "en" : "al",
          name: r.name,
          driver: r.driver,
          vehicle: b.registration,
          start: formatInstant(b.starts_at, tz),
          end: formatInstant(b.ends_at, tz),
          destination: b.destination,
          link: `${base}/car-sharing/bookings/${b.id}`,
        }),
      );
      sent++;
    } catch (err) {
      ctx.log.warn({ err, booking: b.id }, "booking reminder not sent");
    }
  }
  return sent;
}

/**
 * Early return: an active booking completes before its end when its vehicle is back inside its base (the pool
 * vehicle's geofence, settings → vehicles) with the ignition off for `return_rest_min` minutes. "Back" means the
 * base visit began during the booking and the car was driven (ignition on) during it; the return is the later of
 * entering the base and the ignition going off after its last run. completed_at is that moment (before ends_at, which
 * stays the booked end), the distance is stored as on a normal completion, and the vehicle is free for the next person.
 */
export async function completeReturnedBookings(ctx: AppContext, now: Date): Promise<{ returned: number }> {
  let returned = 0;
  const back = await bookingsBackAtBase(ctx.db, await bookingLifecycleRepo.activeWithBase(ctx.db, now), now);
  for (const r of back) {
    if (!r.lastOn) continue; // never driven during the booking: the car did not come back, it never left
    const offSince = await vehicleStateRepo.firstOffAfter(ctx.db, r.org_id, r.vehicle_id, r.lastOn, now);
    if (!offSince) continue;
    const at = new Date(Math.max(offSince.getTime(), r.enterTime.getTime()));
    if (now.getTime() - at.getTime() < r.rest_min * 60_000) continue;
    const usage = await vehicleUsage(ctx.db, r.org_id, r.vehicle_id, r.starts_at, now);
    const done = await ctx.db.transaction().execute((trx) =>
      setBookingStatus(trx, r.org_id, r.id, ["active"], "completed", {
        completed_at: at,
        distance_km: usage.distanceKm,
      }),
    );
    if (done) returned++;
  }
  return { returned };
}

/**
 * Moves bookings along: approved → active at the start (or, with "activate on ignition", at the first ignition on
 * within the booking; after the no-show grace without it the booking is cancelled as a no-show and the vehicle is free);
 * active → completed at the end with the distance driven; a booking whose vehicle sent nothing during it becomes unknown.
 */
export async function runBookingLifecycle(ctx: AppContext, now: Date) {
  const counts = { active: 0, completed: 0, noShow: 0, unknown: 0, returned: 0 };
  for (const b of await bookingLifecycleRepo.dueTransitions(ctx.db, now)) {
    const ended = b.ends_at <= now;
    const usage = await vehicleUsage(ctx.db, b.org_id, b.vehicle_id, b.starts_at, ended ? b.ends_at : now);
    await ctx.db.transaction().execute(async (trx) => {
      if (b.status === "approved" && !ended) {
        if (!b.on_ignition) {
          if (await setBookingStatus(trx, b.org_id, b.id, ["approved"], "active", { activated_at: b.starts_at }))
            counts.active++;
        } else if (usage.firstIgnition) {
          if (
            await setBookingStatus(trx, b.org_id, b.id, ["approved"], "active", {
              activated_at: usage.firstIgnition,
            })
          )
            counts.active++;
        } else if (b.grace > 0 && now.getTime() - b.starts_at.getTime() >= b.grace * 60_000) {
          if (
            await setBookingStatus(trx, b.org_id, b.id, ["approved"], "cancelled", {
              cancelled_at: now,
              no_show: true,
            })
          )
            counts.noShow++;
        }
        return;
      }
      if (!ended) return;
      if (usage.points === 0) {
        if (
          await setBookingStatus(trx, b.org_id, b.id, ["approved", "active"], "unknown", {
            completed_at: b.ends_at,
          })
        )
          counts.unknown++;
        return;
      }
      if (b.status === "approved" && b.on_ignition && !usage.firstIgnition) {
        if (
          await setBookingStatus(trx, b.org_id, b.id, ["approved"], "cancelled", {
            cancelled_at: now,
            no_show: true,
          })
        )
          counts.noShow++;
        return;
      }
      const done = await setBookingStatus(trx, b.org_id, b.id, ["approved", "active"], "completed", {
        completed_at: b.ends_at,
        activated_at: b.status === "approved" ? b.starts_at : undefined,
        distance_km: usage.distanceKm,
      });
      if (done) counts.completed++;
    });
  }
  // after the transitions, so a booking activated in this run can also be returned in it
  counts.returned = (await completeReturnedBookings(ctx, now)).returned;
  return counts;
}
