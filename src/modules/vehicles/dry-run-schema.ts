// Shapes of a dry run (D30): the flag on requests and what a dry run adds to the usual result.
import { Type } from 'typebox';

export const DryRunFlag = Type.Optional(
  Type.Boolean({
    default: false,
    description:
      "D30: answer what the call would do (the usual result plus would_create, would_update, would_mark_sold and the guard's verdict) and change nothing: no car, photo, job or event is written.",
  }),
);

const GuardVerdictSchema = Type.Object(
  {
    allowed: Type.Boolean({ description: 'false: the real call would answer 409 too_many_missing and change nothing.' }),
    reason: Type.Optional(Type.String({ description: 'Why the mass-sold guard would refuse (present only then).' })),
  },
  {
    $id: 'GuardVerdict',
    title: 'GuardVerdict',
    description:
      "The mass-sold guard's verdict on this call. A dry run the guard would refuse still answers 200 (207 with failed cars): its counts and lists say what the call does once allowed (allow_mass_sold).",
  },
);

const ids = (description: string) => Type.Array(Type.String(), { description });

/** Added to a result by a dry run (all absent from a real call's answer). */
export const dryRunResultProperties = {
  dry_run: Type.Optional(Type.Literal(true, { description: 'Present (true) only in the answer of a dry run: nothing was changed.' })),
  would_create: Type.Optional(ids('Dry run: the stock IDs of the cars that would be created.')),
  would_update: Type.Optional(ids('Dry run: the stock IDs of the existing cars that would be updated (changed or not).')),
  would_mark_sold: Type.Optional(ids('Dry run: the stock IDs of the cars that would be marked sold.')),
  guard: Type.Optional(Type.Ref('GuardVerdict')),
  would_quality: Type.Optional(
    Type.Array(
      Type.Object({
        external_id: Type.String(),
        score: Type.Integer({ minimum: 0, maximum: 100 }),
        hints: Type.Array(
          Type.Object({
            code: Type.String(),
            field: Type.String(),
            message: Type.String(),
            points: Type.Integer({ minimum: 0 }),
            photo: Type.Optional(Type.Integer({ minimum: 0 })),
          }),
        ),
      }),
      {
        description:
          "Dry run (D43): the listing quality each created or updated car would have (Vehicle.quality), in the call's order, for the first 1,000 such cars (would_quality_truncated says when there were more; would_quality_summary counts them all). Photos not yet checked count as sound: the score may drop once they are.",
      },
    ),
  ),
  would_quality_truncated: Type.Optional(
    Type.Boolean({ description: 'Dry run (D43): true when more than 1,000 cars would be created or updated, so would_quality lists only the first 1,000.' }),
  ),
  would_quality_summary: Type.Optional(
    Type.Object(
      {
        cars: Type.Integer({ minimum: 0, description: 'The cars that would be created or updated.' }),
        average: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()], { description: 'Their average score, one decimal; null without cars.' }),
        under_50: Type.Integer({ minimum: 0, description: "How many would score under 50 (the panel's amber badge)." }),
      },
      { description: 'Dry run (D43): the quality of every car of would_quality, the ones not listed included.' },
    ),
  ),
};

export const DRY_RUN_SCHEMAS = [GuardVerdictSchema];
