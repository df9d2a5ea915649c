import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarDay, createBooking } from "../../server/modules/car-sharing/bookings.service";
import { deleteRule, saveGeneralSettings, saveRule } from "../../server/modules/car-sharing/car-sharing.settings";
import { addDays, todayIn, weekday } from "../../server/shared/dates";
import { principalFor, type TestOrg } from "../support/context";
import { FormClient, startSignedIn, type TestServer } from "../support/server";
import { person, poolVehicle, purpose, TZ } from "./helpers";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let purposeId: string;
const day = () => addDays(todayIn(TZ), 2);

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
  purposeId = (await purpose(srv.ctx, org)).id;
});
afterAll(async () => srv?.close());

async function bookFor(userId: string, vehicleId: string, start: string, end: string, passengers: string[] = []) {
  const p = await principalFor(srv.ctx, org.adminId);
  return createBooking(srv.ctx, p, {
    user_id: userId,
    vehicle_id: vehicleId,
    type: "shared",
    destination: "Elbasan",
    purpose: purposeId,
    start,
    end,
    passengers,
  });
}

describe("the calendar's day view without JavaScript", () => {
  it("shows one day in the organisation's zone: vehicles as rows, hours as columns, bookings in their hours, free hours opening a prefilled booking", async () => {
    const v = await poolVehicle(srv.ctx, org);
    const u = await person(srv.ctx, org, "driver", "Ditore");
    const b = await bookFor(u.id, v.id, `${day()} 10:00`, `${day()} 12:00`);
    const res = await admin.get(`/car-sharing/calendar/day?date=${day()}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="calendar-day-grid"');
    expect(html).toContain(v.registration);
    expect(html).toContain("Europe/Tirane");
    expect(html).toContain(`/car-sharing/bookings/${b.id}`);
    const cell = (h: string) =>
      html.slice(html.indexOf(`data-hour="${h}"`), html.indexOf("</td>", html.indexOf(`data-hour="${h}"`)));
    expect(cell("10:00")).toContain(`href="/car-sharing/bookings/${b.id}"`);
    expect(cell("10:00")).toContain("Ditore");
    expect(html).toMatch(/<td class="busy" data-hour="11:00" data-open="yes"><\/td>/);
    // the booked hours propose nothing; the hour after does
    const row = html.slice(html.indexOf(`data-vehicle="${v.registration}"`));
    const slot = (h: string) =>
      `/car-sharing/bookings/new?vehicle=${v.id}&amp;start=${encodeURIComponent(`${day()} ${h}`)}`;
    expect(row).not.toContain(slot("10:00"));
    expect(row).not.toContain(slot("11:00"));
    expect(row).toContain(slot("12:00"));
    expect(row).toContain(slot("09:00"));
    // the toggle and the day links are plain links
    expect(html).toContain(`href="/car-sharing/calendar?week=`);
    expect(html).toContain(`href="/car-sharing/calendar/day?date=${addDays(day(), 1)}"`);
    const week = await (await admin.get(`/car-sharing/calendar?week=${day()}`)).text();
    expect(week).toContain(`href="/car-sharing/calendar/day?date=${day()}"`);
    // a past day proposes nothing; Albanian
    expect(await (await admin.get("/car-sharing/calendar/day?date=2020-01-08")).text()).not.toContain(
      'data-testid="free-slot"',
    );
    const al = await (await admin.get(`/car-sharing/calendar/day?date=${day()}&lng=al`)).text();
    expect(al).toContain("Dita tjetër");
    expect(al).toContain("Oraret në Europe/Tirane");
  });
});

describe("the day view's allowed hours", () => {
  it("shades the hours outside the viewer's allowed hours (general, then their own rule) and offers no booking there", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const hours = (from: string, to: string) =>
      Object.fromEntries(
        [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
          [`open_${d}`, "on"],
          [`from_${d}`, from],
          [`to_${d}`, to],
        ]),
      );
    const general = (from: string, to: string) => ({
      min_duration_min: "30",
      max_duration_min: "480",
      advance_days: "30",
      max_future_bookings: "3",
      min_lead_min: "0",
      reminder_min: "30",
      ...hours(from, to),
    });
    const v = await poolVehicle(srv.ctx, org);
    const driver = await person(srv.ctx, org, "driver", "Orari");
    await saveGeneralSettings(srv.ctx, p, general("08:00", "18:00"));
    try {
      const page = async (lng = "en") =>
        await (await admin.get(`/car-sharing/calendar/day?date=${day()}&lng=${lng}`)).text();
      const row = (html: string) =>
        html.slice(
          html.indexOf(`data-vehicle="${v.registration}"`),
          html.indexOf("</tr>", html.indexOf(`data-vehicle="${v.registration}"`)),
        );
      const cell = (html: string, h: string) => {
        const r = row(html);
        const i = r.indexOf(`data-hour="${h}"`);
        return r.slice(r.lastIndexOf("<td", i), r.indexOf("</td>", i));
      };
      const slot = (h: string) => `start=${encodeURIComponent(`${day()} ${h}`)}`;
      let html = await page();
      for (const h of ["07:00", "18:00", "23:00"]) {
        expect(cell(html, h)).toContain('data-open="no"');
        expect(cell(html, h)).toContain("cs-closed");
        expect(cell(html, h)).toContain('title="Outside the allowed booking hours"');
        expect(cell(html, h)).not.toContain(slot(h));
      }
      for (const h of ["08:00", "17:00"]) {
        expect(cell(html, h)).toContain('data-open="yes"');
        expect(cell(html, h)).toContain(slot(h));
      }
      expect(html).toContain("Bookings allowed this day: 08:00–18:00");
      expect(await page("al")).toContain("Jashtë orarit të lejuar të rezervimeve");
      // the viewer's own rule wins: 10:00–12:00 (half-open hours stay shaded: 12:30 ends inside hour 12)
      const rule = await saveRule(srv.ctx, p, { user_id: org.adminId, ...hours("10:00", "12:30"), custom_hours: "on" });
      html = await page();
      expect(cell(html, "09:00")).toContain('data-open="no"');
      expect(cell(html, "10:00")).toContain(slot("10:00"));
      expect(cell(html, "11:00")).toContain(slot("11:00"));
      expect(cell(html, "12:00")).toContain('data-open="no"');
      expect(cell(html, "12:00")).not.toContain(slot("12:00"));
      expect(cell(html, "15:00")).toContain('data-open="no"');
      // another viewer without a rule still sees the general hours
      const theirs = await calendarDay(srv.ctx, await principalFor(srv.ctx, driver.id), day());
      expect(theirs.openHours.flatMap((open, h) => (open ? [h] : []))).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
      const mine = await calendarDay(srv.ctx, p, day());
      expect(mine.openHours.flatMap((open, h) => (open ? [h] : []))).toEqual([10, 11]);
      await deleteRule(srv.ctx, p, rule.id);
      // a closed day: every hour shaded, nothing offered
      await saveGeneralSettings(srv.ctx, p, { ...general("08:00", "18:00"), [`open_${weekday(day())}`]: "" });
      html = await page();
      expect(row(html)).not.toContain('data-open="yes"');
      expect(row(html)).not.toContain('data-testid="free-slot"');
      expect(html).toContain("No bookings are allowed this day");
    } finally {
      await saveGeneralSettings(srv.ctx, p, general("00:00", "24:00"));
    }
  });
});

describe("editing a booking without JavaScript", () => {
  it("the details link to a prefilled form; a refusal keeps what was typed; a save goes back to the details; a cancelled booking cannot be edited", async () => {
    const [v1, v2] = [await poolVehicle(srv.ctx, org), await poolVehicle(srv.ctx, org)];
    const [u, other] = [await person(srv.ctx, org, "driver", "Ndryshues"), await person(srv.ctx, org, "driver")];
    const driver = new FormClient(srv.url);
    await driver.login(u.email!, u.password);
    const b = await bookFor(u.id, v1.id, `${day()} 14:00`, `${day()} 15:00`);
    await bookFor(other.id, v2.id, `${day()} 14:00`, `${day()} 15:00`);
    expect(await (await driver.get(`/car-sharing/bookings/${b.id}`)).text()).toContain(
      `href="/car-sharing/bookings/${b.id}/edit"`,
    );
    const form = await (await driver.get(`/car-sharing/bookings/${b.id}/edit`)).text();
    expect(form).toContain('value="Elbasan"');
    expect(form).toContain(`value="${day()} 14:00"`);
    expect(form).not.toContain('name="user_id"');
    const fields = {
      vehicle_id: v2.id,
      type: "shared",
      destination: "Fier",
      purpose: purposeId,
      start: `${day()} 14:30`,
      end: `${day()} 15:30`,
    };
    const refused = await driver.post(`/car-sharing/bookings/${b.id}/edit`, fields);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain('data-code="VEHICLE_OVERLAP"');
    expect(html).toContain('value="Fier"');
    expect(html).toContain(`value="${day()} 14:30"`);
    const saved = await driver.post(`/car-sharing/bookings/${b.id}/edit`, { ...fields, vehicle_id: v1.id });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/car-sharing/bookings/${b.id}?updated=1`);
    const details = await (await driver.get(`/car-sharing/bookings/${b.id}?updated=1`)).text();
    expect(details).toContain("The booking is updated.");
    expect(details).toContain(`${day()} 14:30`);
    expect(details).toContain("Fier");
    expect((await driver.post(`/car-sharing/bookings/${b.id}`, { intent: "cancel" })).status).toBe(302);
    const gone = await driver.get(`/car-sharing/bookings/${b.id}/edit`);
    expect(gone.status).toBe(302);
    expect(gone.headers.get("location")).toBe(`/car-sharing/bookings/${b.id}?editFailed=1`);
    // a form sent anyway is refused; the page goes back to the details, which say why
    const late = await driver.post(`/car-sharing/bookings/${b.id}/edit`, {
      ...fields,
      vehicle_id: v1.id,
      destination: "Too late",
    });
    expect(late.headers.get("location")).toBe(`/car-sharing/bookings/${b.id}?editFailed=1`);
    expect(await (await driver.get(`/car-sharing/bookings/${b.id}?editFailed=1`)).text()).toContain(
      "Failed to update booking",
    );
    const row = await srv.ctx.db
      .selectFrom("bookings")
      .select(["destination", "status"])
      .where("id", "=", b.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ destination: "Fier", status: "cancelled" });
  });
});

describe("history of a passenger", () => {
  it("lists the booking one rides in, marked Passenger; another user's passenger booking is not listed", async () => {
    const v = await poolVehicle(srv.ctx, org);
    const [driver, rider, stranger, otherRider] = await Promise.all(
      [1, 2, 3, 4].map(() => person(srv.ctx, org, "driver")),
    );
    const mine = await bookFor(driver.id, v.id, `${day()} 18:00`, `${day()} 19:00`, [rider.id]);
    const theirs = await bookFor(stranger.id, v.id, `${day()} 20:00`, `${day()} 21:00`, [otherRider.id]);
    const c = new FormClient(srv.url);
    await c.login(rider.email!, rider.password);
    const html = await (await c.get("/car-sharing/history")).text();
    expect(html).toContain(`/car-sharing/bookings/${mine.id}`);
    expect(html).toContain('data-role="passenger"');
    expect(html).toContain(">Passenger<");
    expect(html).not.toContain(`/car-sharing/bookings/${theirs.id}`);
    const al = await (await c.get("/car-sharing/history?lng=al")).text();
    expect(al).toContain("Pasagjer");
  });
});
