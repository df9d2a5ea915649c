// oidc-provider ships no type declarations; this covers what the tests use.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        findAccount(ctx: unknown, sub: string): Promise<Account | undefined> | Account | undefined;
        [option: string]: unknown;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
