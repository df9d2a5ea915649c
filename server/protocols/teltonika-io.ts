import type { AlarmType, AttributeValue, DevicePosition } from "../shared/device-contract";

/** Raw IO value as read from the record: fixed-size ints, or bytes for variable-length (NX) elements. */
export type TeltonikaIoValue = number | bigint | Buffer;

export function ioAttributeValue(value: TeltonikaIoValue): AttributeValue {
  if (Buffer.isBuffer(value)) return value.toString("hex");
  if (typeof value === "bigint") {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
  }
  return value;
}

function num(value: TeltonikaIoValue): number | undefined {
  if (Buffer.isBuffer(value)) return undefined;
  return Number(value);
}

// Green driving type (IO 253): 1 harsh acceleration, 2 harsh braking, 3 harsh cornering.
const GREEN_DRIVING: Record<number, AlarmType> = { 1: "harshAcceleration", 2: "harshBraking", 3: "harshCornering" };

/**
 * Applies the well-known FMB/FMC/FM IO ids (Teltonika "FMB AVL ID" list) to the position.
 * Every raw IO element is kept as attributes.io<ID> regardless.
 */
export function applyTeltonikaIo(position: DevicePosition, io: Map<number, TeltonikaIoValue>): void {
  const attrs = position.attributes;
  for (const [id, raw] of io) {
    attrs[`io${id}`] = ioAttributeValue(raw);
    const value = num(raw);
    if (value === undefined) {
      if (id === 548 || (id >= 10828 && id <= 10831)) decodeBleTags(raw as Buffer, attrs);
      continue;
    }
    switch (id) {
      case 239:
        position.ignition = value > 0;
        break;
      case 240:
        position.motion = value > 0;
        break;
      case 66:
        position.power = value / 1000;
        break;
      case 67:
        attrs.battery = value / 1000;
        break;
      case 16:
        position.odometer = value;
        break;
      case 199:
        attrs.tripOdometer = value;
        break;
      case 1:
      case 2:
      case 3:
      case 4:
        attrs[`in${id}`] = value > 0;
        break;
      case 179:
      case 180:
        attrs[`out${id - 178}`] = value > 0;
        break;
      case 21:
        attrs.rssi = value;
        break;
      case 69:
        attrs.gnssStatus = value;
        break;
      case 181:
        attrs.pdop = value / 10;
        break;
      case 182:
        attrs.hdop = value / 10;
        break;
      case 113:
        attrs.batteryLevel = value;
        break;
      case 236:
        if (value > 0) position.alarm = "sos";
        break;
      case 246:
        if (value > 0) position.alarm = "towing";
        break;
      case 247:
        if (value > 0) position.alarm = "crash";
        break;
      case 249:
      case 318:
        if (value > 0) position.alarm = "jamming";
        break;
      case 252:
        if (value > 0) position.alarm = "powerCut";
        break;
      case 253:
        if (GREEN_DRIVING[value]) position.alarm = GREEN_DRIVING[value];
        break;
      case 255:
        if (value > 0) position.alarm = "overspeed";
        break;
      default:
        break;
    }
  }
}

/**
 * BLE tag list carried in NX IO 548 (and 10828-10831): 1 header byte, then per tag a length byte
 * followed by (parameter id, length, value) triplets.
 */
function decodeBleTags(data: Buffer, attrs: Record<string, AttributeValue>): void {
  let offset = 1;
  for (let tag = 1; offset < data.length; tag++) {
    const tagLength = data[offset];
    const end = offset + 1 + tagLength;
    if (end > data.length) return;
    let p = offset + 1;
    while (p + 2 <= end) {
      const paramId = data[p];
      const paramLength = data[p + 1];
      const value = data.subarray(p + 2, p + 2 + paramLength);
      if (value.length < paramLength) return;
      if (paramId === 0 && paramLength === 1) attrs[`tag${tag}Rssi`] = value.readInt8(0);
      else if (paramId === 1) attrs[`tag${tag}Id`] = value.toString("hex");
      // Battery voltage in mV.
      else if (paramId === 0x0e && paramLength === 2) attrs[`tag${tag}Battery`] = value.readUInt16BE(0);
      else if (paramId === 0x0d && paramLength === 1) attrs[`tag${tag}LowBattery`] = value[0] > 0;
      // Sensor voltage: 2000 mV + 10 mV steps in the low 15 bits (inferred from a public sample, see docs).
      else if (paramId === 2 && paramLength === 2)
        attrs[`tag${tag}Voltage`] = 2000 + (value.readUInt16BE(0) & 0x7fff) * 10;
      p += 2 + paramLength;
    }
    offset = end;
  }
}
