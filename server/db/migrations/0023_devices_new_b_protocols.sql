-- Ruptela, Meitrack, Suntech and Galileosky devices (docs/telematics-protocols.md). On merge with other branches that
-- add protocols, this list must be the union of all of them.
ALTER TABLE vehicles DROP CONSTRAINT IF EXISTS vehicles_device_protocol_check;
ALTER TABLE vehicles ADD CONSTRAINT vehicles_device_protocol_check CHECK (
  device_protocol IN ('teltonika', 'gt06', 'osmand', 'h02', 'ruptela', 'meitrack', 'suntech', 'galileosky')
);
