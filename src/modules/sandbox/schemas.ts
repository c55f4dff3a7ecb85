import { Type } from 'typebox';
import { STOCK_ID_MAX } from '../vehicles/stock-id.js';
import { MARKET_CODE_MAX } from '../markets/markets.js';

/** POST /v1/sandbox/leads (D35). */
export const SandboxLeadInputSchema = Type.Object(
  {
    external_id: Type.String({ minLength: 1, maxLength: STOCK_ID_MAX, description: "The sandbox car's stock ID (it must be active, as for a buyer)." }),
    message: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: "The buyer's message; a stock sentence when left out." })),
    market: Type.Optional(Type.String({ maxLength: MARKET_CODE_MAX, description: 'The car’s market; required when the dealership sells in several (D8).' })),
  },
  { $id: 'SandboxLeadInput', title: 'SandboxLeadInput' },
);

export const SANDBOX_SCHEMAS = [SandboxLeadInputSchema];
