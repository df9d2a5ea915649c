import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import {
  reusePortAvailable,
  sharePorts,
  tcpListenOptions,
  udpSocketOptions,
} from "../../server/telematics/gateway/port-sharing";

describe("several gateway processes on one port", () => {
  it("knows which Node versions have SO_REUSEPORT (22.12+, 23.1+)", () => {
    expect(reusePortAvailable("20.20.2")).toBe(false);
    expect(reusePortAvailable("22.11.0")).toBe(false);
    expect(reusePortAvailable("22.12.0")).toBe(true);
    expect(reusePortAvailable("23.0.0")).toBe(false);
    expect(reusePortAvailable("23.1.0")).toBe(true);
    expect(reusePortAvailable("24.0.0")).toBe(true);
  });

  it("binds without SO_REUSEPORT unless asked, and refuses it where Node lacks it", () => {
    expect(tcpListenOptions(5027, "0.0.0.0")).toEqual({ port: 5027, host: "0.0.0.0" });
    expect(udpSocketOptions("udp4")).toEqual({ type: "udp4" });
    if (reusePortAvailable()) {
      sharePorts(true);
      expect(tcpListenOptions(5027, "0.0.0.0")).toMatchObject({ reusePort: true });
      expect(udpSocketOptions("udp4")).toMatchObject({ reusePort: true });
      sharePorts(false);
    } else {
      expect(() => sharePorts(true)).toThrow(/GATEWAY_PROCESSES or a TCP load balancer/);
      expect(tcpListenOptions(5027, "0.0.0.0")).not.toHaveProperty("reusePort");
    }
  });

  it("reads the roles' settings: gateways on by default, off for a web-only process", () => {
    const base = { DATABASE_URL: "postgres://x@127.0.0.1/x" };
    const d = loadConfig(base);
    expect(d).toMatchObject({
      FLOTA_GATEWAYS: "on",
      GATEWAY_PROCESSES: 1,
      GATEWAY_REUSE_PORT: false,
      JOB_LOCK_MS: 30_000,
    });
    expect(loadConfig({ ...base, FLOTA_GATEWAYS: "off", GATEWAY_PROCESSES: "4" })).toMatchObject({
      FLOTA_GATEWAYS: "off",
      GATEWAY_PROCESSES: 4,
    });
    expect(() => loadConfig({ ...base, FLOTA_GATEWAYS: "maybe" })).toThrow(/FLOTA_GATEWAYS/);
    expect(() => loadConfig({ ...base, GATEWAY_PROCESSES: "0" })).toThrow(/GATEWAY_PROCESSES/);
  });
});
