import { describe, expect, it } from "vitest";
import { checkWebhookUrl } from "../../server/modules/webhooks";
import { isPrivateAddress } from "../../server/shared/outbound-url";

describe("webhook URL guard (the one outbound guard, server/shared/outbound-url.ts, shared with forwarding)", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.1.10",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:192.168.0.1",
    "64:ff9b::a00:1",
    "::127.0.0.1",
    "fec0::1",
    "100::1",
    "198.18.0.1",
    // the same loopback in every IPv6 spelling: compatible and translated as the URL parser stores them, a zone id,
    // the groups written out, 6to4 and Teredo (client stored inverted), local-use NAT64
    "::7f00:1",
    "::ffff:0:7f00:1",
    "::ffff:0:127.0.0.1",
    "0:0:0:0:0:ffff:7f00:1",
    "0000:0000:0000:0000:0000:0000:0000:0001",
    "fe80::1%eth0",
    "2002:7f00:1::",
    "2002:c0a8:101::1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe",
    "64:ff9b:1::a00:1",
  ])("%s is private", (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "203.0.113.10",
    "2002:808:808::1",
    "::ffff:0:8.8.8.8",
  ])("%s is public", (ip) => expect(isPrivateAddress(ip)).toBe(false));

  it.each([
    "ftp://example.com/hook",
    "javascript:alert(1)",
    "not a url",
    "file:///etc/passwd",
    "http://user:pw@8.8.8.8/",
  ])("refuses %s as invalid", async (url) => {
    await expect(checkWebhookUrl(url, false)).rejects.toMatchObject({ code: "WEBHOOK_URL_INVALID" });
  });

  it.each([
    "http://127.0.0.1:8080/hook",
    "http://localhost/hook",
    "https://10.0.0.5/hook",
    "http://[::1]/hook",
    "http://[::ffff:192.168.1.1]/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://2130706433/",
    "http://[::127.0.0.1]:8080/hook",
    "http://[::ffff:0:127.0.0.1]:8080/hook",
    "http://[::7f00:1]/hook",
  ])("refuses %s as private", async (url) => {
    await expect(checkWebhookUrl(url, false)).rejects.toMatchObject({ code: "WEBHOOK_URL_PRIVATE" });
  });

  it("accepts public addresses, and private ones when the installation allows them", async () => {
    await expect(checkWebhookUrl("https://93.184.216.34/hook", false)).resolves.toBe("https://93.184.216.34/hook");
    await expect(checkWebhookUrl("http://127.0.0.1:9/hook", true)).resolves.toBe("http://127.0.0.1:9/hook");
  });
});
