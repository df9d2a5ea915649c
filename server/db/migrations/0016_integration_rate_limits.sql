-- Requests per integration key and minute, counted in the database so that every web process shares one count
-- (a per-process count let N processes accept N times the limit). Only the current and previous minute are kept.
CREATE TABLE tms_api_key_usage (
  org_id uuid NOT NULL,
  key_id uuid NOT NULL,
  window_start timestamptz NOT NULL,
  requests integer NOT NULL,
  PRIMARY KEY (key_id, window_start),
  FOREIGN KEY (org_id, key_id) REFERENCES tms_api_keys (org_id, id) ON DELETE CASCADE
);
