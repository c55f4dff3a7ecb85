// Public reads of a car by its listing code. The listing code is the public address of a car
// (D19), so these are the only vehicle reads without a dealership: they serve the public page
// and the buyer form, and read nothing a page does not show.
import { compiledQuery } from '../../core/db/compiled.js';
import type { VehicleRow } from '../../core/db/schema.js';

export interface ListingRow extends VehicleRow {
  dealer_name: string;
  dealer_city: string | null;
}

/** What tells whether a rendered page is still right: the car's revision and its dealership. */
export type ListingRef = Pick<ListingRow, 'id' | 'revision' | 'dealer_name' | 'dealer_city'>;

export const findListingRef = compiledQuery<ListingRef, [string]>((db) =>
  db
    .selectFrom('vehicles')
    .innerJoin('dealers', 'dealers.id', 'vehicles.dealer_id')
    .select(['vehicles.id', 'vehicles.revision', 'dealers.name as dealer_name', 'dealers.city as dealer_city'])
    .where('vehicles.listing_id', '=', ''),
);

export const findListing = compiledQuery<ListingRow, [string]>((db) =>
  db
    .selectFrom('vehicles')
    .innerJoin('dealers', 'dealers.id', 'vehicles.dealer_id')
    .selectAll('vehicles')
    .select(['dealers.name as dealer_name', 'dealers.city as dealer_city'])
    .where('vehicles.listing_id', '=', ''),
);
