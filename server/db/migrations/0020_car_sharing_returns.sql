-- Car sharing: a base per pool vehicle (early return), the minutes a returned car must rest before its booking
-- completes, and a reminder mark per person (passengers added after the reminder get one of their own).
ALTER TABLE car_sharing_vehicles ADD COLUMN base_place_id uuid;
ALTER TABLE car_sharing_vehicles ADD CONSTRAINT car_sharing_vehicles_base
  FOREIGN KEY (org_id, base_place_id) REFERENCES places (org_id, id) ON DELETE SET NULL (base_place_id);

ALTER TABLE car_sharing_settings ADD COLUMN return_rest_min integer NOT NULL DEFAULT 10
  CHECK (return_rest_min IN (5, 10, 15, 30, 60));

ALTER TABLE booking_people ADD COLUMN reminded_at timestamptz;
-- bookings reminded before this migration: their people heard it already
UPDATE booking_people p SET reminded_at = b.reminder_sent_at
  FROM bookings b WHERE b.id = p.booking_id AND b.reminder_sent_at IS NOT NULL;
