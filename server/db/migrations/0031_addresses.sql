-- Addresses (docs/integrations.md, "Addresses"): street addresses a configured geocoder (Nominatim or Photon) gave
-- for a coordinate rounded to 4 decimals (about 11 m), so a fleet's usual places cost one lookup. Installation-wide,
-- without org_id: it holds public map data keyed by a rounded coordinate, never which organisation asked for it.
-- status: 'pending' (a report or the sweep asked for it; the geocode job looks it up), 'found', 'none' (the geocoder
-- knows no address there) or 'failed' (gave up after `attempts` errors; retried after a day).
CREATE TABLE geocode_cache (
  lat_e4 integer NOT NULL CHECK (lat_e4 BETWEEN -900000 AND 900000),
  lon_e4 integer NOT NULL CHECK (lon_e4 BETWEEN -1800000 AND 1800000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'found', 'none', 'failed')),
  address text,
  attempts integer NOT NULL DEFAULT 0,
  requested_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  PRIMARY KEY (lat_e4, lon_e4)
);
CREATE INDEX geocode_cache_pending ON geocode_cache (requested_at) WHERE status = 'pending';

-- The shared rate limit of the geocoder: one row; each lookup moves next_at on by 1/GEOCODER_RATE_PER_SEC and waits
-- for the slot it took, so several workers together keep to the geocoder's usage policy.
CREATE TABLE geocoder_slots (
  id integer PRIMARY KEY CHECK (id = 1),
  next_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO geocoder_slots (id) VALUES (1);
