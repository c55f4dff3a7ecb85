// A stored lead as the API and the lead.created event show it (spec 2.11): nothing of the
// buyer's contact details, which are not even read (they live in lead_contacts).
import type { LeadRow } from '../../core/db/schema.js';
import type { Lead } from './schemas.js';

/** The conversation in the dealer panel (the panel is a separate application). */
export const leadPanelUrl = (publicBaseUrl: string, id: number): string => `${publicBaseUrl}/panel/leads/${id}`;

export function toLead(row: LeadRow, publicBaseUrl: string): Lead {
  return {
    id: row.id,
    external_id: row.external_id,
    listing_id: row.listing_id,
    stage: row.stage,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    messages: row.messages,
    last_message: row.last_message,
    first_response_at: row.first_response_at === null ? null : new Date(row.first_response_at).toISOString(),
    url: leadPanelUrl(publicBaseUrl, row.id),
  };
}
