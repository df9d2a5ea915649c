import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_ADMIN_PASSWORD, loadConfig } from "../../server/config";

describe("configuration from the environment", () => {
  it("has working defaults for the embedded start", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.embeddedDatabase).toBe(true);
    expect(c.dataDir.endsWith("/data")).toBe(true);
    expect(c.FLOTA_DEMO).toBe(true);
    expect(c.usingDefaultAdminPassword).toBe(true);
    expect(c.FLOTA_ADMIN_PASSWORD).toBe(DEFAULT_ADMIN_PASSWORD);
    expect(c.smtp).toBeNull();
    expect(c.oidc).toBeNull();
  });

  it("reads PORT, FLOTA_DATA_DIR, DATABASE_URL, REDIS_URL and FLOTA_DEMO", () => {
    const c = loadConfig({
      PORT: "8080",
      FLOTA_DATA_DIR: "/srv/flota",
      DATABASE_URL: "postgres://u@db/flota",
      REDIS_URL: "redis://cache:6379",
      FLOTA_DEMO: "false",
    });
    expect(c.PORT).toBe(8080);
    expect(c.dataDir).toBe("/srv/flota");
    expect(c.embeddedDatabase).toBe(false);
    expect(c.REDIS_URL).toBe("redis://cache:6379");
    expect(c.FLOTA_DEMO).toBe(false);
  });

  it("fails fast, naming every bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "not a url", FLOTA_ADMIN_PASSWORD: "short" })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "not a url", FLOTA_ADMIN_PASSWORD: "short" });
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg).toContain("PORT");
      expect(msg).toContain("DATABASE_URL");
      expect(msg).toContain("FLOTA_ADMIN_PASSWORD");
    }
  });

  it("needs a client id when an OpenID issuer is set", () => {
    expect(() => loadConfig({ OIDC_ISSUER: "https://id.example.org" })).toThrow(/OIDC_CLIENT_ID/);
    expect(loadConfig({ OIDC_ISSUER: "https://id.example.org", OIDC_CLIENT_ID: "flota" }).oidc?.clientId).toBe("flota");
  });

  it("reads TRUST_PROXY as Express takes it: true/false, a hop count, or addresses", () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toBe("loopback, 10.0.0.0/8");
  });
});
