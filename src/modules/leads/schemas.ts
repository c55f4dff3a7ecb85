// Shapes of spec 2.11 (Lead, LeadList) and of the public inquiry endpoint (D19).
import { Type, type Static } from 'typebox';
import { CURSOR_MAX_LENGTH } from '../../core/http/keyset-cursor.js';
import { DATE_TIME_MAX_LENGTH, nullable } from '../../core/http/schemas.js';
import { SERVICE_VALIDATED } from '../../core/http/schema-compilers.js';

export const LEAD_STAGES = ['new', 'contacted', 'won', 'lost'] as const;

const StageSchema = (description: string) => Type.Unsafe<(typeof LEAD_STAGES)[number]>({ type: 'string', enum: [...LEAD_STAGES], description });

const LeadSchema = Type.Object(
  {
    id: Type.Integer(),
    external_id: Type.String({ description: 'Stock ID of the car the buyer wrote about.' }),
    listing_id: Type.String({ description: 'Listing code of that car.' }),
    stage: StageSchema(
      'new when created; the dealer moves it in the dealer panel (a reply e-mailed to the buyer moves new to contacted), or an integration with PATCH /leads/{id}.',
    ),
    created_at: Type.String({ format: 'date-time', description: 'When the first message arrived.' }),
    updated_at: Type.String({ format: 'date-time', description: "When what this object shows last changed: the buyer's latest message or the stage." }),
    messages: Type.Integer({ description: 'Messages of this buyer about this car.' }),
    last_message: Type.Union([Type.String(), Type.Null()], {
      description:
        'The latest message, with e-mail addresses, phone numbers, handles and the buyer\'s name replaced by [hidden], however they were typed ("11.4567.8901", "jose at example dot com", "once cuarenta y cinco…", other scripts\' digits, numbers split by invisible characters or line breaks, "ig: juan_99", the name without its accents). Prices, years and mileages stay, and the rest of the text exactly as written. The whole conversation is in the dealer panel.',
    }),
    first_response_at: nullable<string>('string', {
      format: 'date-time',
      description:
        "D42: when the dealership first answered this buyer — a reply e-mailed from the dealer panel, or the panel's WhatsApp or call link to the buyer opened by a signed-in user; null until then.",
    }),
    url: Type.String({
      format: 'uri',
      description:
        "The conversation in the dealer panel: $PUBLIC_BASE_URL/panel/leads/{id}. A sandbox lead's opens there too, for the dealership's signed-in users only (D35).",
    }),
  },
  { $id: 'Lead', title: 'Lead', description: "A buyer who wrote about one of the dealership's cars. Buyer contact details are never included." },
);
export type Lead = Static<typeof LeadSchema>;

const LeadListSchema = Type.Object(
  {
    data: Type.Array(Type.Ref('Lead'), { description: 'At most 100 leads, newest first.' }),
    next_cursor: nullable<string>('string', {
      description: 'D45: give it as `cursor` (with the same since and stage) to read the leads after this page; null when this page is the last.',
    }),
  },
  { $id: 'LeadList', title: 'LeadList' },
);

export const LeadsQuery = Type.Object({
  since: Type.Optional(
    Type.String({
      format: 'date-time',
      maxLength: DATE_TIME_MAX_LENGTH,
      description: 'Only leads created after this time (exclusive), e.g. 2026-11-21T10:00:00Z.',
    }),
  ),
  stage: Type.Optional(StageSchema('Only leads in this stage.')),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CURSOR_MAX_LENGTH,
      description: 'D45: the next_cursor of a previous answer, with the same since and stage; lists the leads after the last one of that answer.',
    }),
  ),
});

export const LeadIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991, description: 'The lead’s id.' }) });

const LeadStageInputSchema = Type.Object({ stage: StageSchema('The new stage.') }, { $id: 'LeadStageInput', title: 'LeadStageInput', ...SERVICE_VALIDATED });
export { LeadStageInputSchema };

const LeadResultSchema = Type.Object({ lead: Type.Ref('Lead') }, { $id: 'LeadResult', title: 'LeadResult' });

export const InquiryInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    // null is "not given" for the optional fields, as inquiry.ts reads them (P90).
    email: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 254, description: 'E-mail or phone (or both) is required.' })),
    phone: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        maxLength: 40,
        description:
          "Digits, spaces, +, -, ., parentheses; 6 to 15 digits. A valid number of the car's country (D41), or of another with its country code in front (+…); one missing its area code is refused (400, the message shows the number completed with an example area code). Kept as E.164.",
      }),
    ),
    message: Type.String({ minLength: 1, maxLength: 2000 }),
    website: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        maxLength: 2000,
        description: 'Honeypot: leave it out or empty. When filled, the answer is the same but nothing is stored.',
      }),
    ),
  },
  { $id: 'InquiryInput', title: 'InquiryInput', ...SERVICE_VALIDATED },
);

const InquiryResultSchema = Type.Object(
  { result: Type.Literal('received') },
  { $id: 'InquiryResult', title: 'InquiryResult', description: 'The message was received. Nothing of what was sent is echoed.' },
);

export const LEAD_SCHEMAS = [LeadSchema, LeadListSchema, LeadStageInputSchema, LeadResultSchema, InquiryInputSchema, InquiryResultSchema];

/** The data of a lead.created event (D21). */
export interface LeadCreatedData {
  lead: Lead;
}
