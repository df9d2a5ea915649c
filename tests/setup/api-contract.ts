import { installApiContract } from "../support/api-contract";

// Every API test checks the answers it receives against /api/openapi.json (tests/support/api-contract.ts).
installApiContract();
