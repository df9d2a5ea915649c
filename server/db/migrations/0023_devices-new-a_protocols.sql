-- The device protocols of issue 24 (docs/telematics-protocols.md). The list names all eight new families so
-- that this migration and its sibling from the other protocol branch leave the same constraint whichever runs last.
ALTER TABLE vehicles DROP CONSTRAINT IF EXISTS vehicles_device_protocol_check;
ALTER TABLE vehicles ADD CONSTRAINT vehicles_device_protocol_check CHECK (
  device_protocol IN (
    'teltonika', 'gt06', 'osmand', 'h02',
    'queclink', 'jt808', 'wialon', 'coban',
    'ruptela', 'meitrack', 'suntech', 'galileosky'
  )
);
