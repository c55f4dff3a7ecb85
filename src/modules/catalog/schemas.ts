import { Type } from 'typebox';

export const BrandListSchema = Type.Object(
  { data: Type.Array(Type.Object({ name: Type.String({ examples: ['Volkswagen'] }), slug: Type.String({ examples: ['volkswagen'] }) })) },
  { $id: 'BrandList', title: 'BrandList' },
);

export const ModelListSchema = Type.Object(
  {
    brand: Type.String({ description: "The brand's catalog name." }),
    data: Type.Array(
      Type.Object({
        name: Type.String({ examples: ['Gol'] }),
        slug: Type.String({ examples: ['gol'] }),
        years: Type.Array(Type.Integer(), { description: 'Every model year in which the model was produced (a model still produced lists up to next year).' }),
      }),
    ),
  },
  { $id: 'ModelList', title: 'ModelList' },
);

export const BrandParams = Type.Object({ slug: Type.String({ maxLength: 80, description: 'Brand slug (or name).' }) });
