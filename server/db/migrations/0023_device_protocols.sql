-- The eight device protocols of issue 24 (docs/telematics-protocols.md): Queclink, JT/T 808, Wialon IPS, Coban,
-- Ruptela, Meitrack, Suntech and Galileosky beside the first four.
ALTER TABLE vehicles DROP CONSTRAINT IF EXISTS vehicles_device_protocol_check;
ALTER TABLE vehicles ADD CONSTRAINT vehicles_device_protocol_check CHECK (
  device_protocol IN (
    'teltonika', 'gt06', 'osmand', 'h02',
    'queclink', 'jt808', 'wialon', 'coban',
    'ruptela', 'meitrack', 'suntech', 'galileosky'
  )
);
