// Generated from the served OpenAPI document by scripts/client-types.ts. Do not edit.
export interface paths {
    "/listings/{listing_id}/inquiries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A buyer's message about a car: the listing page's form, or a headless/JS integration
         * @description Public, without a key (D19). Served at two addresses, the same endpoint (P91): here under {base_url}, where a client generated from this document calls it, and at `$PUBLIC_BASE_URL/listings/{listing_id}/inquiries`, the listing page's own form address. Send `name`, `message` (1–2000 characters) and `email` or `phone` (at least one), as JSON or as a form (`application/x-www-form-urlencoded`). JSON answers 201 `{ "result": "received" }` (nothing sent is echoed) or the Error shape: 400 `invalid_request` with `fields` (every problem: control characters other than line breaks and tabs in `message`, and invisible formatting characters — zero-width, bidirectional — in any field, are refused), also for a car no longer for sale (sold, withdrawn, expired); 404 `not_found` for an unknown listing or a car not public yet (importing_photos, in_review); 413 over 16 KB; 429 `rate_limited` with Retry-After over INQUIRIES_PER_HOUR (default 20) messages per client address in any hour. A form post answers 303 to the thank-you page `…/listings/{listing_id}/thanks`, or an HTML page with the same statuses. The first message of a buyer about a car creates a lead (and `lead.created`); later ones with the same e-mail or phone add to it. The `website` field is a honeypot: when filled, the answer is the same and nothing is stored.
         */
        post: operations["createInquiry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feeds/{token}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push the whole inventory file of a feed (no key: the token is the secret)
         * @description The body is the WHOLE inventory of the feed's source (default `feed`), up to 10 MB: CSV (`text/csv`), JSON (`application/json`), XML (`application/xml` or `text/xml`), or any of those or an Excel `.xlsx` workbook as the part `file` of `multipart/form-data`. The format is told by content type, file name and content. Column names and value spellings: docs/feed-columns.md. Every row is applied as in sync (no 500 limit); then the source's cars missing from the file are marked sold, unless a row failed (`sold_skipped`) or the mass-sold guard refuses (409 `too_many_missing`, nothing applied; `?allow_mass_sold=true` lets it through). A file without any car answers 409 `empty_list` (never read as "everything sold"). Unknown or revoked token: 404. Over 10 MB: 413 (also for chunked bodies). The whole file must arrive within 60 s of the first byte (REQUEST_TIMEOUT, D38; about 1.4 Mbit/s for 10 MB), else 408 `request_timeout`; the import after that is not timed. Unreadable file, or more than 50 000 vehicles (refused whole, nothing applied): 422 `unreadable_feed`. `errors` lists the first 1000 per-row errors; `error_count` has them all. Limited to FEED_PUSH_PER_MINUTE pushes per token per minute (429 with Retry-After). The address also works without the trailing slash. `?dry_run=true` (D30): the file is read and checked the same way (same 409/413/422 answers, but 200 even when the mass-sold guard would refuse: see `guard`) and nothing is changed, nor any import recorded; the answer adds `would_create`, `would_update`, `would_mark_sold` (stock IDs), `guard` and `mapping` (which column fed which field, with the feed's overrides).
         */
        post: operations["pushFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify a key: its dealership, its limits and the API version
         * @description 200 for any valid key, the quick way to check one: the key's dealership (name, slug, markets, time zone, logo), the key's prefix and name, `livemode` (false for a sandbox `dik_test_` key, D35), the limits that apply to it (`per_minute`, `sync_max`, `min_photos`) and `api_version`. A missing, invalid or revoked key answers 401 `unauthorized`.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A market and its vocabulary
         * @description Currencies, mileage unit, fuels, transmissions, conditions and photo limits of a market. Answers any known market, not only the dealership's.
         */
        get: operations["getMarket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catalog/brands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Brands of the catalog
         * @description Every brand of the catalog, with its name and slug. A car's `brand` is one of them, by name or slug, regardless of case and accents. The catalog is part of the service: it changes only with a new release.
         */
        get: operations["listBrands"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/catalog/brands/{slug}/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Models of a brand, with their years
         * @description The brand by slug or name, regardless of case and accents (404 `not_found` when none matches). Each model with its name, slug and `years`: every model year sold, up to next year for a model still produced. A car's `model` is one of them, and its `year` one of that model's years.
         */
        get: operations["listModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vehicles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dealership's cars, newest update first
         * @description Cars of every status, ordered by updated_at (newest first), then by a unique id. `updated_since` returns cars with updated_at at or after it (poll with the latest updated_at you saw).
         *
         *     To read the whole list, walk it with `cursor`: the first call without page or cursor, then each next call with `cursor` = the `next_cursor` of the previous answer and the same filters, until `next_cursor` is null. A car updated during the walk moves to the top of the list, so the walk never lists a car twice and lists exactly once every car not updated during it; the cars updated during it are those a call with `updated_since` = the updated_at of the first car of the first page then returns. `page`/`per_page` remain: pages read one by one while cars change can repeat or skip cars (a car updated between two calls shifts the others).
         *
         *     The ETag is a change marker of the cars the filters select (P142): it moves with any change to them (and with the query string and the language), and the same call with it in If-None-Match answers 304 without the page being read.
         */
        get: operations["listVehicles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vehicles/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update up to 500 cars, optionally marking the missing ones sold
         * @description Each vehicle is validated and applied on its own: 200 when all were applied, 207 when some failed (see errors; the others were applied). With mark_missing_as_sold, the cars of this source and market not in the list are marked sold, unless a vehicle failed (sold_skipped says so) or the mass-sold guard refuses (409 too_many_missing, and then nothing at all is applied). A stock ID repeated in one call is an error for its later occurrences. With dry_run (D30), nothing is changed: the answer (same status codes, but 200/207 even when the guard would refuse) adds would_create, would_update, would_mark_sold and the guard's verdict.
         */
        post: operations["syncVehicles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vehicles/reconcile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark sold the cars of a source that are not in the full list of stock IDs
         * @description For stocks larger than one sync call: after several syncs, send every stock ID still for sale. Stock IDs that match no car are ignored (counted in unknown). With dry_run (D30), nothing is changed: the answer adds would_mark_sold and the guard's verdict (200 even when the guard would refuse).
         */
        post: operations["reconcileVehicles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vehicles/{external_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One car by stock ID
         * @description The key's dealership's car with this stock ID (D26) in the market (`market`, needed only with several markets), in any status. 404 `not_found` when there is none, another dealership's car included (D7). The answer has an `ETag`: sent back in `If-None-Match`, an unchanged car answers 304 without a body (P93).
         */
        get: operations["getVehicle"];
        /**
         * Create or update a car by stock ID (idempotent)
         * @description 201 when created, 200 when updated. A sold, withdrawn or expired car sent again is back for sale. A new car starts importing_photos; a description or version with contact details holds it in_review. Every broken rule is listed in fields of a 422 invalid_vehicle.
         */
        put: operations["putVehicle"];
        post?: never;
        /**
         * Withdraw a car: it stops being published, nothing is deleted
         * @description The car, in any status, becomes `withdrawn`: its public page says it is no longer available, and the car is kept. Withdrawing a withdrawn car answers 200 and changes nothing. Sent again (PUT, sync, a feed), the car is back for sale. 404 `not_found` for an unknown stock ID.
         */
        delete: operations["withdrawVehicle"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vehicles/{external_id}/sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a car sold (idempotent; vehicle.sold is sent once)
         * @description The car, in any status, becomes `sold`: its public page says it is no longer available. The first time, a `vehicle.sold` event goes to the subscribed webhooks (D6); marking a sold car again answers 200 and sends nothing. Sent again (PUT, sync, a feed), the car is back for sale. 404 `not_found` for an unknown stock ID.
         */
        post: operations["markVehicleSold"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dealership's webhooks and the events that can be subscribed to
         * @description `data`: every webhook of the key's dealership, as GET /webhooks/{id} shows it; deleted ones are gone. `events`: every event type a webhook can subscribe to.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe an https URL to events (at most 20 webhooks)
         * @description The answer carries `secret` (shown only here): the HMAC-SHA256 key of every delivery's X-Service-Signature. url must be https on a public address (400 otherwise, also for unknown events); the 21st webhook answers 409 too_many_webhooks. Each delivery POSTs `{"id","type","livemode","created_at","data"}`: `livemode` is false for the events of a sandbox (a webhook made with a `dik_test_` key, D35) and true otherwise, inside the signed body.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook (without its secret)
         * @description Its URL, events and whether it is `active` (false after 20 failed deliveries in a row, D20; a successful POST /webhooks/{id}/test turns it on again). 404 `not_found` for an unknown or deleted id, or another dealership's.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook; its pending deliveries are cancelled
         * @description It receives nothing more: deliveries still pending are cancelled, not sent. From then on its id answers 404 `not_found`, a second DELETE included.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event now and report the outcome
         * @description One signed attempt, not retried, answered with its outcome (also kept in the delivery log). When it succeeds on a webhook that was turned off after 20 failed deliveries, the webhook is active again.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The delivery log of a webhook, newest first
         * @description Each delivery of an event to this webhook with every attempt: time, status code or error, duration.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery's event again (a replay)
         * @description Queues a new delivery of the same event (same event id and X-Service-Delivery, so a receiver that already has it ignores it) with a fresh retry schedule; answers 202 with it. Refused (400) while the delivery is still pending or the webhook is turned off.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Buyers who wrote about the dealership's cars, newest first, 100 a page
         * @description A lead is one buyer's conversation about one car: the first message creates it (and the lead.created event), later messages of the same buyer (same e-mail or phone) about the same car add to it (messages, last_message). Buyer contact details are never included; `url` opens the conversation in the dealer panel. With `since`, only leads created after that time (exclusive); with `stage`, only leads in that stage. At most 100 a page (D45): while more follow, `next_cursor` is set; give it as `cursor` with the same since and stage to read the next page, until `next_cursor` is null. A malformed cursor, or one made for other filters, is 400 invalid_request. To follow new leads, poll with `since` = the newest created_at you saw (or subscribe to lead.created).
         */
        get: operations["listLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/leads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set a lead's stage (for CRM integrations)
         * @description Moves the lead to `stage` (`new`, `contacted`, `won` or `lost`), as the dealer panel does; the change shows in the conversation as made through the API, and `updated_at` moves. The same stage again changes nothing. Another dealership's lead is 404; an unknown stage 400. No webhook event is sent for a stage change.
         */
        patch: operations["updateLead"];
        trace?: never;
    };
    "/feeds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dealership's feeds, each with its last import
         * @description Push tokens are never shown: only their hash is kept. Feeds are made and revoked by the operator (`feeds create`, `feeds revoke`).
         */
        get: operations["listFeeds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feeds/{id}/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The imports of a feed (push and pull), newest first
         * @description Each import with its time, trigger, format, counts and number of per-row errors. Files read from the feed URL and unchanged since the last read are not imported again and leave no entry.
         */
        get: operations["listFeedImports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feeds/{id}/imports/{import_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One import of a feed, with its per-row errors and column matches
         * @description The import as GET /feeds/{id}/imports lists it (trigger, format, counts, times), with the first 1000 per-row errors and warnings (`error_count` and `warning_count` count them all), which column of the file fed which field (`columns`) and the mapping with the feed's overrides (`mapping`). 404 `not_found` for an unknown feed or import, or another dealership's.
         */
        get: operations["getFeedImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vehicles/{external_id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One car's views, contacts, inquiries and leads per day, days on market, price history and market position
         * @description Days are the dealership's local days (its time zone, D32). Default range: the last 30 days (today included); at most 366 days; `from` after `to`, a malformed or impossible date, or a longer range answers 400 invalid_request. Views and contacts are written every few seconds: figures may lag by up to 60 s.
         */
        get: operations["getVehicleStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vehicles/{external_id}/price-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The price rating, market position and expected days to sell of a car at a price, without changing it
         * @description D44: the car's price rating (against its expected price, P228–P229), market position (D34) and expected days to sell (P231) at `price`; nothing is stored or changed. A missing, malformed or non-positive `price` answers 400 invalid_request; an unknown stock ID 404.
         */
        get: operations["previewVehiclePrice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dealership's views, contacts, inquiries and leads per day, and its cars with any, most viewed first
         * @description Days are the dealership's local days (its time zone, D32). Default range: the last 30 days (today included); at most 366 days; `from` after `to`, a malformed or impossible date, or a longer range answers 400 invalid_request. Views and contacts are written every few seconds: figures may lag by up to 60 s.
         */
        get: operations["getDealerStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sandbox/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a buyer's inquiry happen on a sandbox car (sandbox keys only)
         * @description Acts as a buyer writing on the car's page (D35): a new lead with this message, the `lead.created` event to the sandbox's webhooks (with `"livemode": false`), and the inquiry counted in the car's statistics. Each call is a new buyer, so each makes a new lead. The car must be active, as for a real buyer: 404 `not_found` for an unknown car or one not public yet (importing_photos, in_review), 400 for a car no longer for sale. A live key gets 403 `sandbox_only`.
         */
        post: operations["createSandboxLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "lead.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A buyer's first message about a car made a lead
         * @description Sent to every active webhook subscribed to the event (docs/webhooks.md). Verify X-Service-Signature over the raw body before trusting it, answer 2xx within 10 s, and ignore an X-Service-Delivery already handled (delivery is at least once).
         */
        post: operations["leadCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vehicle.sold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A car was marked sold (by a call, a reconcile, a feed or the panel)
         * @description Sent to every active webhook subscribed to the event (docs/webhooks.md). Verify X-Service-Signature over the raw body before trusting it, answer 2xx within 10 s, and ignore an X-Service-Delivery already handled (delivery is at least once).
         */
        post: operations["vehicleSoldEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "vehicle.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A car was refused, or its photos could not be made
         * @description Sent to every active webhook subscribed to the event (docs/webhooks.md). Verify X-Service-Signature over the raw body before trusting it, answer 2xx within 10 s, and ignore an X-Service-Delivery already handled (delivery is at least once).
         */
        post: operations["vehicleRejectedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sync.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A feed import or a reconcile of a source's stock did not happen
         * @description Sent to every active webhook subscribed to the event (docs/webhooks.md). Verify X-Service-Signature over the raw body before trusting it, answer 2xx within 10 s, and ignore an X-Service-Delivery already handled (delivery is at least once).
         */
        post: operations["syncFailedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The test delivery POST /webhooks/{id}/test sends
         * @description Sent to every active webhook subscribed to the event (docs/webhooks.md). Verify X-Service-Signature over the raw body before trusting it, answer 2xx within 10 s, and ignore an X-Service-Delivery already handled (delivery is at least once).
         */
        post: operations["webhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * Error
         * @description Every error, the framework's own included. On any route, the service may also answer 408 request_timeout (the request's headers and body did not all arrive within 60 s of its first byte, D38; the connection then closes), 414 uri_too_long (a path segment over its limit), 417 expectation_failed (an Expect other than 100-continue), 431 headers_too_large (request line and headers over 16 KB) and, on a new connection, 429 rate_limited (one address holds too many connections at once), in this shape too.
         */
        Error: {
            error: {
                /**
                 * @description Stable machine-readable code (D22), e.g. invalid_request, unauthorized, not_found.
                 * @enum {string}
                 */
                code: "invalid_request" | "market_required" | "invalid_market" | "unauthorized" | "sandbox_only" | "not_found" | "request_timeout" | "too_many_missing" | "empty_list" | "too_many_webhooks" | "payload_too_large" | "uri_too_long" | "expectation_failed" | "invalid_vehicle" | "unreadable_feed" | "rate_limited" | "headers_too_large" | "internal_error";
                /** @description What went wrong, for a person, in the language of Content-Language (D31). */
                message: string;
                /** @description One sentence for a person per broken rule, in the language of Content-Language: on 422 invalid_vehicle every rule the car breaks (D9), on a 400 the request's own problems (a parameter against its schema, an inquiry, a webhook, a range of dates). Never a field name: see problems. */
                fields?: string[];
                /** @description For a program, on a 400 about the request's input: each parameter, field or header at fault, the rule it broke and the rule's bound (P175). Never translated; fields says the same to a person. */
                problems?: {
                    /**
                     * @description The parameter, field or header at fault, as the request names it (per_page, url, photos[0]).
                     * @example per_page
                     */
                    field: string;
                    /**
                     * @description The rule it broke: JSON Schema's keyword where one fits (required, type, format, enum, minimum, maximum, exclusive_minimum, exclusive_maximum, min_length, max_length, min_items, max_items, pattern), else the service's own: control_character, unknown_field, scheme, credentials, fragment, address (a webhook url), range_order, range_length (a range of dates), taken (already in use), invalid.
                     * @example maximum
                     * @enum {string}
                     */
                    rule: "required" | "type" | "format" | "enum" | "minimum" | "maximum" | "exclusive_minimum" | "exclusive_maximum" | "min_length" | "max_length" | "min_items" | "max_items" | "pattern" | "control_character" | "unknown_field" | "scheme" | "credentials" | "fragment" | "address" | "range_order" | "range_length" | "taken" | "invalid";
                    /**
                     * @description The rule's bound, for the rules that have one (minimum, max_length, range_length…).
                     * @example 100
                     */
                    limit?: number;
                }[];
            };
        };
        /** Market */
        Market: {
            /** @example ar */
            code: string;
            /** @example Argentina */
            name: string;
            /**
             * @example [
             *       "ARS",
             *       "USD"
             *     ]
             */
            currencies: string[];
            default_currency: string;
            mileage_unit: "km" | "mi";
            /** @description This market's fuels (each market has its own subset). */
            fuels: ("gasoline" | "diesel" | "cng" | "hybrid" | "plug_in_hybrid" | "electric" | "flex" | "ethanol" | "lpg")[];
            transmissions: ("manual" | "automatic")[];
            conditions: ("used" | "new")[];
            photos: {
                /** Format: int64 */
                min: number;
                /** Format: int64 */
                max: number;
            };
        };
        /** BrandList */
        BrandList: {
            data: {
                /** @example Volkswagen */
                name: string;
                /** @example volkswagen */
                slug: string;
            }[];
        };
        /** ModelList */
        ModelList: {
            /** @description The brand's catalog name. */
            brand: string;
            data: {
                /** @example Gol */
                name: string;
                /** @example gol */
                slug: string;
                /** @description Every model year in which the model was produced (a model still produced lists up to next year). */
                years: number[];
            }[];
        };
        /** Account */
        Account: {
            /** @description D35: false for a sandbox key (`dik_test_…`), which works on the dealership's sandbox — its own cars, leads, webhooks, feeds and limits, never public — and true for a live key. */
            livemode: boolean;
            dealer: {
                name: string;
                slug: string;
                markets: ("ar" | "br" | "cl" | "co" | "mx" | "pe" | "uy" | "es" | "us" | "uk")[];
                /**
                 * @description The dealership's IANA time zone (D32): its own, else its first market's. Times are shown to people in it.
                 * @example America/Argentina/Buenos_Aires
                 */
                time_zone: string;
                /**
                 * @description The dealership's logo (D32, P132): a WebP of at most 256 px a side, uploaded by an owner in the panel; its URL changes when the logo does, so it may be cached for good. Null when it has none.
                 * @example https://cars.example.com/photos/9b74c9897bac770ffc029102a200c5de9b74c9897bac770ffc029102a200c5de/logo.webp
                 */
                logo_url: string | null;
            };
            key: {
                /** @description The first 12 characters of the key: enough to tell keys apart. */
                prefix: string;
                name: string;
            };
            limits: {
                /**
                 * Format: int64
                 * @description Calls allowed per key in any 60-second window.
                 */
                per_minute: number;
                /**
                 * Format: int64
                 * @description Vehicles per sync call.
                 */
                sync_max: number;
                /**
                 * Format: int64
                 * @description Fewest photos a car needs to go live, in the dealership's markets.
                 */
                min_photos: number;
            };
            /** @example 1.0.0 */
            api_version: string;
        };
        /**
         * VehicleInput
         * @description Unknown fields are ignored. null on an optional field is the same as leaving it out. Every broken rule is reported at once in a 422 invalid_vehicle.
         */
        VehicleInput: {
            /**
             * @description Name or slug from GET /catalog/brands (any case).
             * @example Toyota
             */
            brand: string;
            /**
             * @description Base model (not the trim): name or slug from GET /catalog/brands/{slug}/models.
             * @example Corolla
             */
            model: string;
            /**
             * Format: int64
             * @description Must be one of the model's `years`: never after next year (this year + 1).
             */
            year: number;
            /** @description Trim/version, free text. */
            version?: string | null;
            /** @description Greater than 0, at most two decimals: 19.99, not 19.999 (422). The decimals are checked by the service alone: JSON Schema validators apply a multipleOf 0.01 in binary floating point, where 19.99 is no multiple of 0.01. */
            price: number;
            /** @description One of the market's currencies; default the market's default currency. */
            currency?: string | null;
            /**
             * Format: int64
             * @description In the market's mileage_unit (mi in us/uk, km elsewhere); 0 for a new car.
             */
            mileage: number;
            /** @description One of the market's fuels. */
            fuel?: string | null;
            /** @enum {string|null} */
            transmission?: "manual" | "automatic" | null;
            color?: string | null;
            /**
             * @description Default `used`.
             * @enum {string|null}
             */
            condition?: "used" | "new" | null;
            /** @description Default: the dealership's city. */
            city?: string | null;
            description?: string | null;
            /** @description Public http(s) image URLs, 3 to 10 (the market's photos.min/max). Required for a new car; on an update, leaving it out keeps the photos. */
            photos?: string[] | null;
            /** @description Required only if the dealership sells in several markets (or give ?market=). */
            market?: string | null;
            /**
             * @description Where the car was sent from. Default `api`.
             * @enum {string|null}
             */
            source?: "api" | "woocommerce" | "wordpress" | "shopify" | "prestashop" | "odoo" | "tiendanube" | "n8n" | "zapier" | "make" | "feed" | null;
            /**
             * @description Vehicle identification number. 17 characters, A–Z and 0–9 without I, O, Q; read upper-case, spaces and dashes removed. For cars of market `us` the check digit (9th character, ISO 3779 / 49 CFR 565) must match, else 422; other markets check only the shape.
             * @example 1HGCM82633A004352
             */
            vin?: string | null;
            /**
             * @description Body style (any case).
             * @enum {string|null}
             */
            body_style?: "sedan" | "hatchback" | "suv" | "pickup" | "coupe" | "convertible" | "wagon" | "van" | "minivan" | null;
            /**
             * @description fwd front-wheel, rwd rear-wheel, awd all-wheel, 4wd four-wheel drive (any case).
             * @enum {string|null}
             */
            drivetrain?: "fwd" | "rwd" | "awd" | "4wd" | null;
            /**
             * Format: int64
             * @description Number of doors, the tailgate included.
             */
            doors?: number | null;
            /** @description Free text, e.g. "2.0 turbo 4-cylinder". */
            engine?: string | null;
            /** @description Free text, as color. */
            interior_color?: string | null;
        };
        /** Vehicle */
        Vehicle: {
            /** @description The dealer's stock ID, exactly as stored: NFC-normalized and trimmed (D26). */
            external_id: string;
            /** @description The service's own stable listing code. */
            listing_id: string;
            /** @enum {string} */
            market: "ar" | "br" | "cl" | "co" | "mx" | "pe" | "uy" | "es" | "us" | "uk";
            /** @enum {string} */
            status: "active" | "in_review" | "importing_photos" | "sold" | "expired" | "withdrawn";
            /** @enum {string} */
            source: "api" | "woocommerce" | "wordpress" | "shopify" | "prestashop" | "odoo" | "tiendanube" | "n8n" | "zapier" | "make" | "feed" | "panel";
            /** @description Public listing page (URI). */
            url: string;
            /** @description Catalog name. */
            brand: string;
            /** @description Catalog name. */
            model: string;
            /** Format: int64 */
            year: number;
            /** @description Empty when not given. */
            version: string;
            /** @description Decimal as a string with two decimals, e.g. "12500.00" (never null: price is required). */
            price: string;
            /** @enum {string} */
            currency: "ARS" | "USD" | "BRL" | "CLP" | "COP" | "MXN" | "PEN" | "UYU" | "EUR" | "GBP";
            /**
             * Format: int64
             * @description In mileage_unit (never null: mileage is required).
             */
            mileage: number;
            /** @enum {string} */
            mileage_unit: "km" | "mi";
            /**
             * @description One of the market's fuels; empty when not given.
             * @enum {string}
             */
            fuel: "" | "gasoline" | "diesel" | "cng" | "hybrid" | "plug_in_hybrid" | "electric" | "flex" | "ethanol" | "lpg";
            /**
             * @description Empty when not given.
             * @enum {string}
             */
            transmission: "" | "manual" | "automatic";
            /** @description Empty when not given. */
            color: string;
            /** @enum {string} */
            condition: "used" | "new";
            /** @description The car's city, else the dealership's; null when neither is known. */
            city: string | null;
            /** @description Empty when not given. */
            description: string;
            /** @description The service's own URLs of the photos already in, in the dealer's order: for a new car they appear as they arrive (photos + photos_pending = the photo count while none has failed). An active car whose photo list changed keeps showing its previous set until the new list is settled, then shows the new one whole. */
            photos: string[];
            /**
             * Format: int64
             * @description Photos of the dealer's list still being downloaded (a photo waiting for a retry included).
             */
            photos_pending: number;
            /** @description Beyond spec 2.2: each photo of the dealer's current list, in the dealer's order, with its download outcome. */
            photo_status: {
                /** @description The dealer's URL. */
                source_url: string;
                /** @enum {string} */
                status: "pending" | "ready" | "failed";
                /** @description Why a failed photo could not be had; on a pending photo whose last try failed, "retrying: " and that failure (e.g. "retrying: the server answered HTTP 503"). */
                reason: string | null;
                /** @description Our copy (1280 px wide at most), when ready. */
                url: string | null;
                /** @description Our full-size copy, when ready. */
                original_url: string | null;
            }[];
            /** @description Beyond spec 2.2: why the car is in_review, one readable sentence each (the contact detail found in its description or version; each photo that could not be used and why, and how many were needed). Always present; empty unless status is in_review. */
            review_reasons: string[];
            /**
             * Format: date-time
             * @description Changes only when something about the car changed (never null).
             */
            updated_at: string;
            /** @description D44: null when the car is not for sale (`active`), is a sandbox car, has fewer than 10 comparables, or was changed and is being rated again (a few seconds, in the background). */
            price_rating: {
                /** @description The price ÷ the expected price: `great` ≤ 0.90 < `good` ≤ 0.97 < `fair` < 1.03 ≤ `high` < 1.10 ≤ `overpriced` (P229). Made from the current price, so it follows a price edit at once. */
                label: "great" | "good" | "fair" | "high" | "overpriced";
                /** @description What the car's comparables say it should cost for its year, mileage and trim (P228), as a decimal string (D9). */
                expected_price: string;
                /**
                 * Format: int64
                 * @description The other cars for sale of the same market, currency, brand, model and condition, year within ±2.
                 */
                comparables: number;
                /** @description ISO 4217 code of the expected price (the car's). */
                currency: string;
            } | null;
            /** @description Beyond spec 2.2: the VIN, upper-case; null when not given. */
            vin: string | null;
            /**
             * @description Beyond spec 2.2: null when not given.
             * @enum {string|null}
             */
            body_style: "sedan" | "hatchback" | "suv" | "pickup" | "coupe" | "convertible" | "wagon" | "van" | "minivan" | null;
            /**
             * @description Beyond spec 2.2: null when not given.
             * @enum {string|null}
             */
            drivetrain: "fwd" | "rwd" | "awd" | "4wd" | null;
            /**
             * Format: int64
             * @description Beyond spec 2.2: null when not given.
             */
            doors: number | null;
            /** @description Beyond spec 2.2: null when not given. */
            engine: string | null;
            /** @description Beyond spec 2.2: null when not given. */
            interior_color: string | null;
            /** @description D43 listing quality. Photo checks run as each photo is processed, so the score may change until photos_pending is 0. Beyond D43, photo_exposure (too dark or too bright) and photo_portrait_first (an upright first photo) are hints too (P220). */
            quality: {
                /**
                 * Format: int64
                 * @description D43: 0–100 from the published weights (docs/quality.md); 100 with no hint.
                 */
                score: number;
                /** @description Most points first. */
                hints: {
                    /** @enum {string} */
                    code: "photos_few" | "photo_small" | "photo_blurry" | "photo_exposure" | "photo_duplicate" | "photo_elsewhere" | "photo_portrait_first" | "description_short" | "attribute_missing";
                    /** @description The field to fix: photos, description, fuel, transmission, version or color. */
                    field: string;
                    /** @description What to do, in the reader's language (D31). */
                    message: string;
                    /**
                     * Format: int64
                     * @description By how much fixing this hint alone raises the score.
                     */
                    points: number;
                    /**
                     * Format: int64
                     * @description Photo hints: the photo's 0-based position in the dealer's list.
                     */
                    photo?: number;
                }[];
            };
        };
        /** VehicleResult */
        VehicleResult: {
            /** @enum {string} */
            result: "created" | "updated";
            vehicle: components["schemas"]["Vehicle"];
            /** @description Beyond spec 2.3 (always present, usually empty): what was applied but deserves a look, e.g. a duplicate VIN. */
            warnings: {
                /** @description The stock ID of the car the warning is about. */
                external_id: string;
                /**
                 * @description duplicate_vin: another car of the dealership for sale in the same market has this VIN (allowed: dealers re-list; check it is not a mistake).
                 * @enum {string}
                 */
                code: "duplicate_vin";
                /** @description One readable sentence naming the other car(s). */
                message: string;
            }[];
        };
        /** VehicleStateResult */
        VehicleStateResult: {
            /** @enum {string} */
            result: "withdrawn" | "sold";
            vehicle: components["schemas"]["Vehicle"];
        };
        /** VehicleEnvelope */
        VehicleEnvelope: {
            vehicle: components["schemas"]["Vehicle"];
        };
        /** VehicleList */
        VehicleList: {
            data: components["schemas"]["Vehicle"][];
            /**
             * Format: int64
             * @description The page number asked for (default 1); 0 when the page was chosen by `cursor`.
             */
            page: number;
            /** Format: int64 */
            per_page: number;
            /**
             * Format: int64
             * @description Cars matching the filters (the whole list, not what is left after a cursor).
             */
            total: number;
            /** @description Beyond spec 2.4: give it as `cursor` (with the same filters) to read the cars after this page; null when this page is the last. */
            next_cursor: string | null;
        };
        /** SyncRequest */
        SyncRequest: {
            /** @description At most 500 (413 above). Each is validated and applied on its own. */
            vehicles: {
                /**
                 * @description The dealer's stock ID; an ID that breaks the rule is an error for that vehicle. Any text of 1 to 80 characters (Unicode code points), as the dealer system writes it: spaces, `/`, `#`, accents and other scripts included. It is NFC-normalized and stripped of leading and trailing white space before use; control characters, line/paragraph separators and bidirectional formatting characters are refused.
                 * @example A/1043
                 */
                external_id: string;
                /**
                 * @description Name or slug from GET /catalog/brands (any case).
                 * @example Toyota
                 */
                brand: string;
                /**
                 * @description Base model (not the trim): name or slug from GET /catalog/brands/{slug}/models.
                 * @example Corolla
                 */
                model: string;
                /**
                 * Format: int64
                 * @description Must be one of the model's `years`: never after next year (this year + 1).
                 */
                year: number;
                /** @description Trim/version, free text. */
                version?: string | null;
                /** @description Greater than 0, at most two decimals: 19.99, not 19.999 (422). The decimals are checked by the service alone: JSON Schema validators apply a multipleOf 0.01 in binary floating point, where 19.99 is no multiple of 0.01. */
                price: number;
                /** @description One of the market's currencies; default the market's default currency. */
                currency?: string | null;
                /**
                 * Format: int64
                 * @description In the market's mileage_unit (mi in us/uk, km elsewhere); 0 for a new car.
                 */
                mileage: number;
                /** @description One of the market's fuels. */
                fuel?: string | null;
                /** @enum {string|null} */
                transmission?: "manual" | "automatic" | null;
                color?: string | null;
                /**
                 * @description Default `used`.
                 * @enum {string|null}
                 */
                condition?: "used" | "new" | null;
                /** @description Default: the dealership's city. */
                city?: string | null;
                description?: string | null;
                /** @description Public http(s) image URLs, 3 to 10 (the market's photos.min/max). Required for a new car; on an update, leaving it out keeps the photos. */
                photos?: string[] | null;
                /** @description Required only if the dealership sells in several markets (or give ?market=). */
                market?: string | null;
                /**
                 * @description Where the car was sent from. Default `api`.
                 * @enum {string|null}
                 */
                source?: "api" | "woocommerce" | "wordpress" | "shopify" | "prestashop" | "odoo" | "tiendanube" | "n8n" | "zapier" | "make" | "feed" | null;
                /**
                 * @description Vehicle identification number. 17 characters, A–Z and 0–9 without I, O, Q; read upper-case, spaces and dashes removed. For cars of market `us` the check digit (9th character, ISO 3779 / 49 CFR 565) must match, else 422; other markets check only the shape.
                 * @example 1HGCM82633A004352
                 */
                vin?: string | null;
                /**
                 * @description Body style (any case).
                 * @enum {string|null}
                 */
                body_style?: "sedan" | "hatchback" | "suv" | "pickup" | "coupe" | "convertible" | "wagon" | "van" | "minivan" | null;
                /**
                 * @description fwd front-wheel, rwd rear-wheel, awd all-wheel, 4wd four-wheel drive (any case).
                 * @enum {string|null}
                 */
                drivetrain?: "fwd" | "rwd" | "awd" | "4wd" | null;
                /**
                 * Format: int64
                 * @description Number of doors, the tailgate included.
                 */
                doors?: number | null;
                /** @description Free text, e.g. "2.0 turbo 4-cylinder". */
                engine?: string | null;
                /** @description Free text, as color. */
                interior_color?: string | null;
            }[];
            market?: string | null;
            /**
             * @description Where the car was sent from. Default `api`.
             * @enum {string|null}
             */
            source?: "api" | "woocommerce" | "wordpress" | "shopify" | "prestashop" | "odoo" | "tiendanube" | "n8n" | "zapier" | "make" | "feed" | null;
            /** @description Mark sold the cars of this source not in the list; skipped if any vehicle fails. Default: false. */
            mark_missing_as_sold?: boolean | null;
            /** @description Override the mass-sold guard. Default: false. */
            allow_mass_sold?: boolean | null;
            /** @description D30: answer what the call would do (the usual result plus would_create, would_update, would_mark_sold and the guard's verdict) and change nothing: no car, photo, job or event is written. Default: false. */
            dry_run?: boolean | null;
        };
        /** SyncResult */
        SyncResult: {
            /** Format: int64 */
            created: number;
            /** Format: int64 */
            updated: number;
            /** Format: int64 */
            sold: number;
            /** @description Why no car was marked sold (present only when mark_missing_as_sold was asked and a vehicle failed). */
            sold_skipped?: string;
            errors: {
                /**
                 * Format: int64
                 * @description 0-based position in `vehicles`.
                 */
                index: number;
                /** @description The stock ID as sent, normalized (cut at 80 characters and followed by "…" when longer); "" when missing. */
                external_id: string;
                message: string;
            }[];
            /** @description Beyond spec 2.6: cars that were applied but deserve a look (e.g. a VIN another car for sale already has), by index (a dry run, D30: those the call would give). Always present. */
            warnings: {
                /**
                 * Format: int64
                 * @description 0-based position in `vehicles`.
                 */
                index: number;
                /** @description The stock ID of the car the warning is about. */
                external_id: string;
                /**
                 * @description duplicate_vin: another car of the dealership for sale in the same market has this VIN (allowed: dealers re-list; check it is not a mistake).
                 * @enum {string}
                 */
                code: "duplicate_vin";
                /** @description One readable sentence naming the other car(s). */
                message: string;
            }[];
            /**
             * @description Present (true) only in the answer of a dry run: nothing was changed.
             * @enum {boolean}
             */
            dry_run?: true;
            /** @description Dry run: the stock IDs of the cars that would be created. */
            would_create?: string[];
            /** @description Dry run: the stock IDs of the existing cars that would be updated (changed or not). */
            would_update?: string[];
            /** @description Dry run: the stock IDs of the cars that would be marked sold. */
            would_mark_sold?: string[];
            guard?: components["schemas"]["GuardVerdict"];
            /** @description Dry run (D43): the listing quality each created or updated car would have (Vehicle.quality), in the call's order, for the first 1,000 such cars (would_quality_truncated says when there were more; would_quality_summary counts them all). Photos not yet checked count as sound: the score may drop once they are. */
            would_quality?: {
                external_id: string;
                /** Format: int64 */
                score: number;
                hints: {
                    code: string;
                    field: string;
                    message: string;
                    /** Format: int64 */
                    points: number;
                    /** Format: int64 */
                    photo?: number;
                }[];
            }[];
            /** @description Dry run (D43): true when more than 1,000 cars would be created or updated, so would_quality lists only the first 1,000. */
            would_quality_truncated?: boolean;
            /** @description Dry run (D43): the quality of every car of would_quality, the ones not listed included. */
            would_quality_summary?: {
                /**
                 * Format: int64
                 * @description The cars that would be created or updated.
                 */
                cars: number;
                /** @description Their average score, one decimal; null without cars. */
                average: number | null;
                /**
                 * Format: int64
                 * @description How many would score under 50 (the panel's amber badge).
                 */
                under_50: number;
            };
        };
        /** ReconcileRequest */
        ReconcileRequest: {
            /** @description EVERY stock ID of the source still for sale (at most 20000; an empty list is refused with 409 empty_list). */
            external_ids: string[];
            market?: string;
            /**
             * @description Where the car was sent from. Default `api`.
             * @enum {string}
             */
            source?: "api" | "woocommerce" | "wordpress" | "shopify" | "prestashop" | "odoo" | "tiendanube" | "n8n" | "zapier" | "make" | "feed";
            /** @description Default: false. */
            allow_mass_sold?: boolean;
            /** @description D30: answer what the call would do (the usual result plus would_create, would_update, would_mark_sold and the guard's verdict) and change nothing: no car, photo, job or event is written. Default: false. */
            dry_run?: boolean;
        };
        /** ReconcileResult */
        ReconcileResult: {
            /** @enum {string} */
            result: "reconciled";
            /**
             * Format: int64
             * @description Cars marked sold.
             */
            sold: number;
            /**
             * Format: int64
             * @description Cars of the source for sale and in the list.
             */
            kept: number;
            /**
             * Format: int64
             * @description Stock IDs in the list that match no car of the dealership in that market (ignored).
             */
            unknown: number;
            /**
             * @description Present (true) only in the answer of a dry run: nothing was changed.
             * @enum {boolean}
             */
            dry_run?: true;
            /** @description Dry run: the stock IDs of the cars that would be created. */
            would_create?: string[];
            /** @description Dry run: the stock IDs of the existing cars that would be updated (changed or not). */
            would_update?: string[];
            /** @description Dry run: the stock IDs of the cars that would be marked sold. */
            would_mark_sold?: string[];
            guard?: components["schemas"]["GuardVerdict"];
            /** @description Dry run (D43): the listing quality each created or updated car would have (Vehicle.quality), in the call's order, for the first 1,000 such cars (would_quality_truncated says when there were more; would_quality_summary counts them all). Photos not yet checked count as sound: the score may drop once they are. */
            would_quality?: {
                external_id: string;
                /** Format: int64 */
                score: number;
                hints: {
                    code: string;
                    field: string;
                    message: string;
                    /** Format: int64 */
                    points: number;
                    /** Format: int64 */
                    photo?: number;
                }[];
            }[];
            /** @description Dry run (D43): true when more than 1,000 cars would be created or updated, so would_quality lists only the first 1,000. */
            would_quality_truncated?: boolean;
            /** @description Dry run (D43): the quality of every car of would_quality, the ones not listed included. */
            would_quality_summary?: {
                /**
                 * Format: int64
                 * @description The cars that would be created or updated.
                 */
                cars: number;
                /** @description Their average score, one decimal; null without cars. */
                average: number | null;
                /**
                 * Format: int64
                 * @description How many would score under 50 (the panel's amber badge).
                 */
                under_50: number;
            };
        };
        /**
         * Webhook
         * @description A webhook as read: never with its secret.
         */
        Webhook: {
            /** Format: int64 */
            id: number;
            /** @description The receiver (https). */
            url: string;
            /** @description The events this webhook receives. */
            events: ("lead.created" | "vehicle.sold" | "vehicle.rejected" | "sync.failed")[];
            /** @description False after 20 failed deliveries in a row; a successful test turns it on again. */
            active: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * WebhookCreated
         * @description The webhook just created, with its secret.
         */
        WebhookCreated: {
            /** Format: int64 */
            id: number;
            /** @description The receiver (https). */
            url: string;
            /** @description The events this webhook receives. */
            events: ("lead.created" | "vehicle.sold" | "vehicle.rejected" | "sync.failed")[];
            /** @description False after 20 failed deliveries in a row; a successful test turns it on again. */
            active: boolean;
            /** Format: date-time */
            created_at: string;
            /** @description The HMAC-SHA256 key of X-Service-Signature, used exactly as written here. Store it: this answer is the only one that shows it. */
            secret: string;
        };
        /** WebhookInput */
        WebhookInput: {
            /**
             * Format: uri
             * @description https URL of the receiver on a public address (port 443 or 80).
             */
            url: string;
            /** @description Default (left out or null): all four events. */
            events?: ("lead.created" | "vehicle.sold" | "vehicle.rejected" | "sync.failed")[] | null;
        };
        /** WebhookList */
        WebhookList: {
            data: components["schemas"]["Webhook"][];
            /** @description The events that can be subscribed to (pass them to WebhookInput.events as they are). */
            events: ("lead.created" | "vehicle.sold" | "vehicle.rejected" | "sync.failed")[];
        };
        /** DeliveryAttempt */
        DeliveryAttempt: {
            /** Format: date-time */
            attempted_at: string;
            /**
             * Format: int64
             * @description From the start of the request to the end of the answer (or the failure).
             */
            duration_ms: number;
            /**
             * Format: int64
             * @description The receiver's HTTP status; null when none came (timeout, connection failure).
             */
            status_code: number | null;
            /** @description Why the attempt failed, when it did. */
            error: string | null;
        };
        /** Delivery */
        Delivery: {
            /** Format: int64 */
            id: number;
            /** @description The event id: the body's `id` and X-Service-Delivery, the same on every attempt and replay. */
            event_id: string;
            /** @enum {string} */
            event_type: "lead.created" | "vehicle.sold" | "vehicle.rejected" | "sync.failed" | "webhook.test";
            /**
             * @description pending: waiting for its next attempt; failed: given up (a status that is not retried, or its last retry failed); cancelled: the webhook was deleted or turned off first.
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed" | "cancelled";
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When a pending delivery is tried next.
             */
            next_attempt_at: string | null;
            /**
             * Format: int64
             * @description The delivery this one replays, when made by the retry endpoint.
             */
            replay_of: number | null;
            /** @description Every attempt, oldest first. */
            attempts: components["schemas"]["DeliveryAttempt"][];
        };
        /** DeliveryList */
        DeliveryList: {
            data: components["schemas"]["Delivery"][];
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            per_page: number;
            /** Format: int64 */
            total: number;
        };
        /** WebhookTestResult */
        WebhookTestResult: {
            /** @description The receiver answered 2xx within the timeout. */
            delivered: boolean;
            webhook: components["schemas"]["Webhook"];
            delivery: components["schemas"]["Delivery"];
        };
        /**
         * LeadCreatedEvent
         * @description A buyer's first message about a car made a lead.
         */
        LeadCreatedEvent: {
            /** @description The event id (evt_…), also in X-Service-Delivery: the same on every attempt and replay; ignore one already handled. */
            id: string;
            /** @enum {string} */
            type: "lead.created";
            /** @description false for the events of a sandbox (D35), true otherwise. */
            livemode: boolean;
            /**
             * Format: date-time
             * @description When the event happened.
             */
            created_at: string;
            data: {
                lead: components["schemas"]["Lead"];
            };
        };
        /**
         * VehicleSoldEvent
         * @description A car was marked sold (by a call, a reconcile, a feed or the panel).
         */
        VehicleSoldEvent: {
            /** @description The event id (evt_…), also in X-Service-Delivery: the same on every attempt and replay; ignore one already handled. */
            id: string;
            /** @enum {string} */
            type: "vehicle.sold";
            /** @description false for the events of a sandbox (D35), true otherwise. */
            livemode: boolean;
            /**
             * Format: date-time
             * @description When the event happened.
             */
            created_at: string;
            data: {
                /** @description The stock ID, as stored (D26). */
                external_id: string;
                listing_id: string;
                /**
                 * @description The car's market (Market.code).
                 * @enum {string}
                 */
                market: "ar" | "br" | "cl" | "co" | "mx" | "pe" | "uy" | "es" | "us" | "uk";
                /**
                 * @description The car's source (spec 2.1; `panel`: made in the dealer panel).
                 * @enum {string}
                 */
                source: "api" | "woocommerce" | "wordpress" | "shopify" | "prestashop" | "odoo" | "tiendanube" | "n8n" | "zapier" | "make" | "feed" | "panel";
                /** @description A label for a person, e.g. "2019 Toyota Corolla XEi". */
                vehicle: string;
                /**
                 * Format: uri
                 * @description The listing's public page.
                 */
                url: string;
            };
        };
        /**
         * VehicleRejectedEvent
         * @description A car was refused, or its photos could not be made.
         */
        VehicleRejectedEvent: {
            /** @description The event id (evt_…), also in X-Service-Delivery: the same on every attempt and replay; ignore one already handled. */
            id: string;
            /** @enum {string} */
            type: "vehicle.rejected";
            /** @description false for the events of a sandbox (D35), true otherwise. */
            livemode: boolean;
            /**
             * Format: date-time
             * @description When the event happened.
             */
            created_at: string;
            data: {
                /** @description The stock ID as sent (normalized; one over 80 characters cut at 80 and followed by …); empty on the event that stands for the rest of a feed import. */
                external_id: string;
                /**
                 * @description The car's market (Market.code).
                 * @enum {string}
                 */
                market: "ar" | "br" | "cl" | "co" | "mx" | "pe" | "uy" | "es" | "us" | "uk";
                /**
                 * @description The car's source (spec 2.1; `panel`: made in the dealer panel).
                 * @enum {string}
                 */
                source: "api" | "woocommerce" | "wordpress" | "shopify" | "prestashop" | "odoo" | "tiendanube" | "n8n" | "zapier" | "make" | "feed" | "panel";
                /**
                 * @description photos: the photos could not be made; the same sentences stay in the car’s review_reasons.
                 * @enum {string}
                 */
                channel: "api" | "sync" | "feed" | "photos";
                /** @description One sentence per broken rule. */
                errors: string[];
                /**
                 * Format: int64
                 * @description Only on the event that stands for a feed import's rejected rows beyond the first 100: how many it stands for.
                 */
                more_rejected?: number;
                /**
                 * Format: int64
                 * @description With more_rejected: the feed.
                 */
                feed_id?: number;
                /**
                 * Format: int64
                 * @description With more_rejected: the import whose report lists the errors (GET /feeds/{feed_id}/imports/{import_id}).
                 */
                import_id?: number;
            };
        };
        /**
         * SyncFailedEvent
         * @description A feed import or a reconcile of a source's stock did not happen.
         */
        SyncFailedEvent: {
            /** @description The event id (evt_…), also in X-Service-Delivery: the same on every attempt and replay; ignore one already handled. */
            id: string;
            /** @enum {string} */
            type: "sync.failed";
            /** @description false for the events of a sandbox (D35), true otherwise. */
            livemode: boolean;
            /**
             * Format: date-time
             * @description When the event happened.
             */
            created_at: string;
            data: {
                /**
                 * @description The car's market (Market.code).
                 * @enum {string}
                 */
                market: "ar" | "br" | "cl" | "co" | "mx" | "pe" | "uy" | "es" | "us" | "uk";
                /**
                 * @description The car's source (spec 2.1; `panel`: made in the dealer panel).
                 * @enum {string}
                 */
                source: "api" | "woocommerce" | "wordpress" | "shopify" | "prestashop" | "odoo" | "tiendanube" | "n8n" | "zapier" | "make" | "feed" | "panel";
                /** @enum {string} */
                reason: "unreadable_feed" | "feed_unreachable" | "too_many_missing" | "import_interrupted";
                /** @description What happened, for a person (English). */
                message: string;
            };
        };
        /**
         * WebhookTestEvent
         * @description The test delivery POST /webhooks/{id}/test sends.
         */
        WebhookTestEvent: {
            /** @description The event id (evt_…), also in X-Service-Delivery: the same on every attempt and replay; ignore one already handled. */
            id: string;
            /** @enum {string} */
            type: "webhook.test";
            /** @description false for the events of a sandbox (D35), true otherwise. */
            livemode: boolean;
            /**
             * Format: date-time
             * @description When the event happened.
             */
            created_at: string;
            data: {
                /** Format: int64 */
                webhook_id: number;
                message: string;
            };
        };
        /**
         * Lead
         * @description A buyer who wrote about one of the dealership's cars. Buyer contact details are never included.
         */
        Lead: {
            /** Format: int64 */
            id: number;
            /** @description Stock ID of the car the buyer wrote about. */
            external_id: string;
            /** @description Listing code of that car. */
            listing_id: string;
            /**
             * @description new when created; the dealer moves it in the dealer panel (a reply e-mailed to the buyer moves new to contacted), or an integration with PATCH /leads/{id}.
             * @enum {string}
             */
            stage: "new" | "contacted" | "won" | "lost";
            /**
             * Format: date-time
             * @description When the first message arrived.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When what this object shows last changed: the buyer's latest message or the stage.
             */
            updated_at: string;
            /**
             * Format: int64
             * @description Messages of this buyer about this car.
             */
            messages: number;
            /** @description The latest message, with e-mail addresses, phone numbers, handles and the buyer's name replaced by [hidden], however they were typed ("11.4567.8901", "jose at example dot com", "once cuarenta y cinco…", other scripts' digits, numbers split by invisible characters or line breaks, "ig: juan_99", the name without its accents). Prices, years and mileages stay, and the rest of the text exactly as written. The whole conversation is in the dealer panel. */
            last_message: string | null;
            /**
             * Format: date-time
             * @description D42: when the dealership first answered this buyer — a reply e-mailed from the dealer panel, or the panel's WhatsApp or call link to the buyer opened by a signed-in user; null until then.
             */
            first_response_at: string | null;
            /**
             * Format: uri
             * @description The conversation in the dealer panel: $PUBLIC_BASE_URL/panel/leads/{id}. A sandbox lead's opens there too, for the dealership's signed-in users only (D35).
             */
            url: string;
        };
        /** LeadList */
        LeadList: {
            /** @description At most 100 leads, newest first. */
            data: components["schemas"]["Lead"][];
            /** @description D45: give it as `cursor` (with the same since and stage) to read the leads after this page; null when this page is the last. */
            next_cursor: string | null;
        };
        /** LeadStageInput */
        LeadStageInput: {
            /**
             * @description The new stage.
             * @enum {string}
             */
            stage: "new" | "contacted" | "won" | "lost";
        };
        /** LeadResult */
        LeadResult: {
            lead: components["schemas"]["Lead"];
        };
        /** InquiryInput */
        InquiryInput: {
            name: string;
            /** @description E-mail or phone (or both) is required. */
            email?: string | null;
            /** @description Digits, spaces, +, -, ., parentheses; 6 to 15 digits. A valid number of the car's country (D41), or of another with its country code in front (+…); one missing its area code is refused (400, the message shows the number completed with an example area code). Kept as E.164. */
            phone?: string | null;
            message: string;
            /** @description Honeypot: leave it out or empty. When filled, the answer is the same but nothing is stored. */
            website?: string | null;
        };
        /**
         * InquiryResult
         * @description The message was received. Nothing of what was sent is echoed.
         */
        InquiryResult: {
            /** @enum {string} */
            result: "received";
        };
        /**
         * FeedMapping
         * @description Which column of the file became which field, and which were ignored.
         */
        FeedMapping: {
            columns: {
                /** @description The column (or element) as named in the file. */
                column: string;
                /** @description The field it fed. */
                field: string;
                /**
                 * @description Chosen by the feed's mapping override, not by name.
                 * @enum {boolean}
                 */
                override?: true;
            }[];
            /** @description Columns of the file that fed no field. */
            ignored: string[];
            /** @description Columns the feed has an override for that this file did not have. */
            missing: string[];
        };
        /** FeedRowError */
        FeedRowError: {
            /**
             * Format: int64
             * @description The row as a spreadsheet shows it (CSV/XLSX: the header is row 1, the first car row 2); JSON/XML: the 1-based position of the vehicle.
             */
            index: number;
            /** @description The row's stock ID ("" when it has none). */
            external_id: string;
            /** @description Every broken rule of the row, separated by "; ". */
            message: string;
        };
        /** FeedRowWarning */
        FeedRowWarning: {
            /**
             * Format: int64
             * @description The row, counted as in FeedRowError.
             */
            index: number;
            /** @description The row's stock ID. */
            external_id: string;
            /**
             * @description duplicate_vin: another car of the dealership for sale in the same market has this VIN (allowed: dealers re-list).
             * @enum {string}
             */
            code: "duplicate_vin";
            /** @description One readable sentence naming the other car(s). */
            message: string;
        };
        /** FeedPushResult */
        FeedPushResult: {
            /** @enum {string} */
            result: "processed";
            format: "csv" | "json" | "xml" | "xlsx";
            /**
             * Format: int64
             * @description Car rows (records) in the file.
             */
            rows: number;
            /** Format: int64 */
            created: number;
            /**
             * Format: int64
             * @description Cars of the file that already existed (changed or not).
             */
            updated: number;
            /**
             * Format: int64
             * @description Cars of this feed's source missing from the file, marked sold.
             */
            sold: number;
            /** @description Why no car was marked sold (a row failed); present only then. */
            sold_skipped?: string;
            /** @description The per-row errors, in file order: the first 1000 of them (error_count has them all). */
            errors: components["schemas"]["FeedRowError"][];
            /**
             * Format: int64
             * @description Every per-row error of the file.
             */
            error_count: number;
            /** @description true when the file has more than 1000 per-row errors and `errors` lists only the first 1000. */
            errors_truncated: boolean;
            /** @description Rows applied but worth a look (e.g. a duplicate VIN), in file order: the first 1000 (warning_count has them all). */
            warnings: components["schemas"]["FeedRowWarning"][];
            /**
             * Format: int64
             * @description Every per-row warning of the file.
             */
            warning_count: number;
            /**
             * @description Present (true) only in the answer of a dry run: nothing was changed.
             * @enum {boolean}
             */
            dry_run?: true;
            /** @description Dry run: the stock IDs of the cars that would be created. */
            would_create?: string[];
            /** @description Dry run: the stock IDs of the existing cars that would be updated (changed or not). */
            would_update?: string[];
            /** @description Dry run: the stock IDs of the cars that would be marked sold. */
            would_mark_sold?: string[];
            guard?: components["schemas"]["GuardVerdict"];
            /** @description Dry run (D43): the listing quality each created or updated car would have (Vehicle.quality), in the call's order, for the first 1,000 such cars (would_quality_truncated says when there were more; would_quality_summary counts them all). Photos not yet checked count as sound: the score may drop once they are. */
            would_quality?: {
                external_id: string;
                /** Format: int64 */
                score: number;
                hints: {
                    code: string;
                    field: string;
                    message: string;
                    /** Format: int64 */
                    points: number;
                    /** Format: int64 */
                    photo?: number;
                }[];
            }[];
            /** @description Dry run (D43): true when more than 1,000 cars would be created or updated, so would_quality lists only the first 1,000. */
            would_quality_truncated?: boolean;
            /** @description Dry run (D43): the quality of every car of would_quality, the ones not listed included. */
            would_quality_summary?: {
                /**
                 * Format: int64
                 * @description The cars that would be created or updated.
                 */
                cars: number;
                /** @description Their average score, one decimal; null without cars. */
                average: number | null;
                /**
                 * Format: int64
                 * @description How many would score under 50 (the panel's amber badge).
                 */
                under_50: number;
            };
            mapping?: components["schemas"]["FeedMapping"];
        };
        /** FeedImportSummary */
        FeedImportSummary: {
            /** Format: int64 */
            id: number;
            trigger: "push" | "pull";
            /** @description running while the import is under way; interrupted when the service stopped before it finished (result interrupted); finished otherwise (result says how). */
            status: "running" | "finished" | "interrupted";
            /** @description processed (200 of a push); refused (409: sold guard, or a file without cars); unreadable (422); unreachable (a pull that could not fetch the URL); running (under way); interrupted (the service stopped before the import finished: found when it came back, with sync.failed). */
            result: "processed" | "refused" | "unreadable" | "unreachable" | "running" | "interrupted";
            format: ("csv" | "json" | "xml" | "xlsx") | null;
            /** Format: int64 */
            rows: number;
            /** Format: int64 */
            created: number;
            /** Format: int64 */
            updated: number;
            /** Format: int64 */
            sold: number;
            sold_skipped: string | null;
            /** @description Why the import was refused, unreadable, unreachable or interrupted. */
            message: string | null;
            /**
             * Format: int64
             * @description All per-row errors of the import.
             */
            error_count: number;
            /**
             * Format: int64
             * @description All per-row warnings of the import (rows applied but worth a look, e.g. a duplicate VIN).
             */
            warning_count: number;
            /** Format: date-time */
            started_at: string;
            /** @description null while the import is running. */
            finished_at: string | null;
        };
        /** FeedImport */
        FeedImport: {
            /** Format: int64 */
            id: number;
            trigger: "push" | "pull";
            /** @description running while the import is under way; interrupted when the service stopped before it finished (result interrupted); finished otherwise (result says how). */
            status: "running" | "finished" | "interrupted";
            /** @description processed (200 of a push); refused (409: sold guard, or a file without cars); unreadable (422); unreachable (a pull that could not fetch the URL); running (under way); interrupted (the service stopped before the import finished: found when it came back, with sync.failed). */
            result: "processed" | "refused" | "unreadable" | "unreachable" | "running" | "interrupted";
            format: ("csv" | "json" | "xml" | "xlsx") | null;
            /** Format: int64 */
            rows: number;
            /** Format: int64 */
            created: number;
            /** Format: int64 */
            updated: number;
            /** Format: int64 */
            sold: number;
            sold_skipped: string | null;
            /** @description Why the import was refused, unreadable, unreachable or interrupted. */
            message: string | null;
            /**
             * Format: int64
             * @description All per-row errors of the import.
             */
            error_count: number;
            /**
             * Format: int64
             * @description All per-row warnings of the import (rows applied but worth a look, e.g. a duplicate VIN).
             */
            warning_count: number;
            /** Format: date-time */
            started_at: string;
            /** @description null while the import is running. */
            finished_at: string | null;
            /** @description The first 1000 per-row errors (error_count has them all). */
            errors: components["schemas"]["FeedRowError"][];
            /** @description true when error_count is over 1000 and `errors` lists only the first 1000. */
            errors_truncated: boolean;
            /** @description Which column (or element) of the file fed which field. */
            columns: {
                column: string;
                /** @description The field it fed; null: ignored. */
                field: string | null;
            }[];
            /** @description The first 1000 per-row warnings (warning_count has them all). */
            warnings: components["schemas"]["FeedRowWarning"][];
            mapping: components["schemas"]["FeedMapping"];
        };
        /**
         * Feed
         * @description A feed of the dealership. The push token is never shown (only its hash is kept).
         */
        Feed: {
            /** Format: int64 */
            id: number;
            /** @enum {string} */
            market: "ar" | "br" | "cl" | "co" | "mx" | "pe" | "uy" | "es" | "us" | "uk";
            /**
             * @description The source whose whole inventory the feed is (default feed).
             * @enum {string}
             */
            source: "api" | "woocommerce" | "wordpress" | "shopify" | "prestashop" | "odoo" | "tiendanube" | "n8n" | "zapier" | "make" | "feed";
            /** @description The address read every FEED_POLL_INTERVAL, if any. */
            url: string | null;
            /** Format: date-time */
            created_at: string;
            revoked: boolean;
            /** @description Last read of url. */
            last_polled_at: string | null;
            last_import: components["schemas"]["FeedImportSummary"] | null;
        };
        /** FeedList */
        FeedList: {
            data: components["schemas"]["Feed"][];
        };
        /** FeedImportList */
        FeedImportList: {
            data: components["schemas"]["FeedImportSummary"][];
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            per_page: number;
            /** Format: int64 */
            total: number;
        };
        /** FeedImportEnvelope */
        FeedImportEnvelope: {
            import: components["schemas"]["FeedImport"];
        };
        /**
         * GuardVerdict
         * @description The mass-sold guard's verdict on this call. A dry run the guard would refuse still answers 200 (207 with failed cars): its counts and lists say what the call does once allowed (allow_mass_sold).
         */
        GuardVerdict: {
            /** @description false: the real call would answer 409 too_many_missing and change nothing. */
            allowed: boolean;
            /** @description Why the mass-sold guard would refuse (present only then). */
            reason?: string;
        };
        /**
         * StatsTotals
         * @description Sums over the range.
         */
        StatsTotals: {
            /**
             * Format: int64
             * @description Views: one per visitor (not a bot), car and local day; at most 3 visitors of one address (P153).
             */
            views: number;
            /**
             * Format: int64
             * @description Buyers' messages sent with the car's inquiry form.
             */
            inquiries: number;
            /**
             * Format: int64
             * @description Buyers who followed the car's phone link: one per visitor (not a bot), car and local day, as views (P152).
             */
            phone: number;
            /**
             * Format: int64
             * @description Buyers who followed the car's WhatsApp link: one per visitor (not a bot), car and local day, as views (P152).
             */
            whatsapp: number;
            /**
             * Format: int64
             * @description Leads created in the range (a buyer's first message about the car).
             */
            leads: number;
        };
        /**
         * StatsDay
         * @description The figures of one local day; every day of the range is listed, zeros included, oldest first.
         */
        StatsDay: {
            /** @description A local day of the dealership (YYYY-MM-DD). */
            date: string;
            /**
             * Format: int64
             * @description Views: one per visitor (not a bot), car and local day; at most 3 visitors of one address (P153).
             */
            views: number;
            /**
             * Format: int64
             * @description Buyers' messages sent with the car's inquiry form.
             */
            inquiries: number;
            /**
             * Format: int64
             * @description Buyers who followed the car's phone link: one per visitor (not a bot), car and local day, as views (P152).
             */
            phone: number;
            /**
             * Format: int64
             * @description Buyers who followed the car's WhatsApp link: one per visitor (not a bot), car and local day, as views (P152).
             */
            whatsapp: number;
        };
        /**
         * MarketPosition
         * @description The car's price against its comparables: the other active cars of any dealership (this dealership's other cars included) in the same market and currency, same catalog brand and model, year within ±1, same condition. Null when there are fewer than 5.
         */
        MarketPosition: {
            /**
             * Format: int64
             * @description How many comparables the position is computed from (at least 5).
             */
            comparables: number;
            /** @description The comparables' median price. Decimal as a string with two decimals, e.g. "12500.00" (D9). */
            median_price: string;
            /**
             * Format: int64
             * @description The share (0–100, rounded down) of comparables priced below this car.
             */
            percentile: number;
            /** @description `below`: price < 0.95 × median; `above`: price > 1.05 × median; otherwise `fair`. */
            label: "below" | "fair" | "above";
            /** @description ISO 4217 code of the prices compared. */
            currency: string;
            /** @description The range of the comparables' prices. */
            price_band: {
                /** @description The lowest comparable price. Decimal as a string with two decimals, e.g. "12500.00" (D9). */
                min: string;
                /** @description The highest comparable price. Decimal as a string with two decimals, e.g. "12500.00" (D9). */
                max: string;
            };
        };
        /** PricePoint */
        PricePoint: {
            /** @description The price. Decimal as a string with two decimals, e.g. "12500.00" (D9). */
            price: string;
            /** @description ISO 4217 code. */
            currency: string;
            /**
             * Format: date-time
             * @description When the car took this price.
             */
            since: string;
        };
        /**
         * VehicleStats
         * @description One car's statistics over a range of the dealership's local days (D34).
         */
        VehicleStats: {
            /** @description The dealer's stock ID. */
            external_id: string;
            /** @description The car's listing code (its public page). */
            listing_id: string;
            /** @description First day of the range. */
            from: string;
            /** @description Last day of the range. */
            to: string;
            totals: components["schemas"]["StatsTotals"];
            days: components["schemas"]["StatsDay"][];
            /** @description Whole local days since the car was first published (`active`) in its current period for sale; null before that and once it left sale. */
            days_on_market: number | null;
            /** @description Every price the car has had, oldest first. */
            price_history: components["schemas"]["PricePoint"][];
            market_position: components["schemas"]["MarketPosition"] | null;
        };
        /** VehicleFigures */
        VehicleFigures: {
            /** @description The dealer's stock ID. */
            external_id: string;
            /** @description The car's listing code. */
            listing_id: string;
            /**
             * Format: int64
             * @description Views: one per visitor (not a bot), car and local day; at most 3 visitors of one address (P153).
             */
            views: number;
            /**
             * Format: int64
             * @description Buyers' messages sent with the car's inquiry form.
             */
            inquiries: number;
            /**
             * Format: int64
             * @description Buyers who followed the car's phone link: one per visitor (not a bot), car and local day, as views (P152).
             */
            phone: number;
            /**
             * Format: int64
             * @description Buyers who followed the car's WhatsApp link: one per visitor (not a bot), car and local day, as views (P152).
             */
            whatsapp: number;
            /**
             * Format: int64
             * @description Leads created in the range.
             */
            leads: number;
        };
        /**
         * ResponseStats
         * @description D42 reply speed of the leads created in the range. A lead's first response is the first reply e-mailed from the dealer panel, or the panel's WhatsApp or call link to the buyer opened by a signed-in user.
         */
        ResponseStats: {
            /**
             * Format: int64
             * @description Leads created in the range.
             */
            leads: number;
            /**
             * Format: int64
             * @description Of those, the leads the dealership has answered (their first_response_at is set).
             */
            answered: number;
            /** @description The median time from a lead's creation to its first response, over the answered leads. Minutes, to one decimal; null with fewer than 5 answered leads. */
            median_minutes: number | null;
            /** @description The share (0–1, three decimals) of the leads answered within an hour of their creation; a lead not answered counts as not within. 0 without leads. */
            within_1h_share: number;
            /** @description The same median over every dealership's answered leads about cars of the same market (the `market` asked for, else the dealership's markets): one anonymous figure. Minutes, to one decimal; null with fewer than 5 answered leads. */
            market_median_minutes: number | null;
        };
        /**
         * DealerStats
         * @description The dealership's statistics over a range of its local days (D34).
         */
        DealerStats: {
            /** @description First day of the range. */
            from: string;
            /** @description Last day of the range. */
            to: string;
            totals: components["schemas"]["StatsTotals"];
            days: components["schemas"]["StatsDay"][];
            /** @description Cars with any figure in the range, most viewed first, at most 100. */
            vehicles: components["schemas"]["VehicleFigures"][];
            response: components["schemas"]["ResponseStats"];
        };
        /**
         * PricePreview
         * @description A car at another price, nothing changed (D44).
         */
        PricePreview: {
            /** @description The price tried. Decimal as a string with two decimals, e.g. "12500.00" (D9). */
            price: string;
            /** @description ISO 4217 code: the car's currency. */
            currency: string;
            /** @description D44: null when the car is not for sale (`active`), is a sandbox car, has fewer than 10 comparables, or was changed and is being rated again (a few seconds, in the background). */
            price_rating: {
                /** @description The price ÷ the expected price: `great` ≤ 0.90 < `good` ≤ 0.97 < `fair` < 1.03 ≤ `high` < 1.10 ≤ `overpriced` (P229). Made from the current price, so it follows a price edit at once. */
                label: "great" | "good" | "fair" | "high" | "overpriced";
                /** @description What the car's comparables say it should cost for its year, mileage and trim (P228), as a decimal string (D9). */
                expected_price: string;
                /**
                 * Format: int64
                 * @description The other cars for sale of the same market, currency, brand, model and condition, year within ±2.
                 */
                comparables: number;
                /** @description ISO 4217 code of the expected price (the car's). */
                currency: string;
            } | null;
            /** @description The price tried against the car's comparables (D34). */
            market_position: components["schemas"]["MarketPosition"] | null;
            /** @description The median days on market of the marketplace's comparable cars sold in the last year whose price stood closest to their expected price as this one would (P231); null with fewer than 5 such sales or without a price rating. */
            expected_days_to_sell: number | null;
        };
        /** SandboxLeadInput */
        SandboxLeadInput: {
            /** @description The sandbox car's stock ID (it must be active, as for a buyer). */
            external_id: string;
            /** @description The buyer's message; a stock sentence when left out. */
            message?: string;
            /** @description The car’s market; required when the dealership sells in several (D8). */
            market?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request id (yours, if you sent a valid X-Request-Id): quote it when asking about a call. */
        "X-Request-Id": string;
        /** @description D31: the language of the texts for a person (message, fields, review reasons…), chosen from Accept-Language. */
        "Content-Language": "es" | "pt" | "en";
        /** @description Calls allowed in the window (D23). */
        "RateLimit-Limit": number;
        /** @description Calls left in the window. */
        "RateLimit-Remaining": number;
        /** @description Seconds until a call is allowed again. */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before trying again. */
        "Retry-After": number;
        /** @description The answer's tag: send it in If-None-Match on the next poll of the same read to get 304 when nothing changed (P93). */
        ETag: string;
        /** @description The address of what the call created, or where to go next. */
        Location: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createInquiry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The car's listing_id (from its Vehicle `url`). */
                listing_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InquiryInput"];
                "application/x-www-form-urlencoded": components["schemas"]["InquiryInput"];
            };
        };
        responses: {
            /** @description The message was received. Nothing of what was sent is echoed. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InquiryResult"];
                };
            };
            /** @description A form post (application/x-www-form-urlencoded) was received: Location is the thank-you page. */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large (payload_too_large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pushFeed: {
        parameters: {
            query?: {
                /** @description Lets the mass-sold guard through, as in sync. */
                allow_mass_sold?: boolean;
                /** @description D30: check the file and answer what the push would do; nothing is changed. */
                dry_run?: boolean;
            };
            header?: never;
            path: {
                /** @description The feed's private token (a UUID), as `feeds create` printed it. */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
                "application/json": {
                    [key: string]: unknown;
                }[] | {
                    vehicles: {
                        [key: string]: unknown;
                    }[];
                };
                "application/xml": string;
                "text/xml": string;
                "multipart/form-data": {
                    /** @description The feed file (CSV, JSON, XML or .xlsx). */
                    file: string;
                };
            };
        };
        responses: {
            /** @description OK: FeedPushResult */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedPushResult"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request did not all arrive within REQUEST_TIMEOUT, 60 s from its first byte (request_timeout, D38); the connection is closed. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused (too_many_missing, empty_list, too_many_webhooks). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large (payload_too_large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable (invalid_vehicle with fields, unreadable_feed). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: Account */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMarket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Market code, e.g. ar, br, us. */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: Market */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Market"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBrands: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: BrandList */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandList"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listModels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Brand slug (or name). */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: ModelList */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelList"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listVehicles: {
        parameters: {
            query?: {
                /** @description Only this market (default: all of the dealership's markets). */
                market?: string;
                /** @description Only cars from this source (`panel`: made in the dealer panel, D33). */
                source?: "api" | "woocommerce" | "wordpress" | "shopify" | "prestashop" | "odoo" | "tiendanube" | "n8n" | "zapier" | "make" | "feed" | "panel";
                status?: "active" | "in_review" | "importing_photos" | "sold" | "expired" | "withdrawn";
                /** @description Cars with updated_at at or after this time. */
                updated_since?: string;
                /** @description Beyond the spec: only cars with this VIN (any case; spaces and dashes ignored). Not a 17-character VIN shape: 400. */
                vin?: string;
                /** @description Default 1; at most 100000. Not with cursor. */
                page?: number;
                per_page?: number;
                /** @description Beyond the spec: the next_cursor of a previous answer, with the same filters; lists the cars after the last one of that answer (keyset). Not with page. */
                cursor?: string;
            };
            header?: {
                /** @description The ETag of an earlier answer of the same read: 304, without a body, when nothing it shows has changed. */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: VehicleList */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VehicleList"];
                };
            };
            /** @description Not Modified: the If-None-Match ETag is still the answer (no body). */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    syncVehicles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncRequest"];
            };
        };
        responses: {
            /** @description OK: SyncResult */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncResult"];
                };
            };
            /** @description Some vehicles failed; the others were applied. */
            207: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncResult"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused (too_many_missing, empty_list, too_many_webhooks). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large (payload_too_large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reconcileVehicles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReconcileRequest"];
            };
        };
        responses: {
            /** @description OK: ReconcileResult */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconcileResult"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused (too_many_missing, empty_list, too_many_webhooks). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getVehicle: {
        parameters: {
            query?: {
                /** @description Required only if the dealership sells in several markets. */
                market?: string;
            };
            header?: {
                /** @description The ETag of an earlier answer of the same read: 304, without a body, when nothing it shows has changed. */
                "if-none-match"?: string;
            };
            path: {
                /**
                 * @description The dealer's stock ID, percent-encoded (`A/1043` → `A%2F1043`, `STK 1043` → `STK%201043`); one that breaks the rule answers 400 invalid_request. Any text of 1 to 80 characters (Unicode code points), as the dealer system writes it: spaces, `/`, `#`, accents and other scripts included. It is NFC-normalized and stripped of leading and trailing white space before use; control characters, line/paragraph separators and bidirectional formatting characters are refused.
                 * @example A/1043
                 */
                external_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: VehicleEnvelope */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VehicleEnvelope"];
                };
            };
            /** @description Not Modified: the If-None-Match ETag is still the answer (no body). */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putVehicle: {
        parameters: {
            query?: {
                /** @description Required only if the dealership sells in several markets. */
                market?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The dealer's stock ID, percent-encoded (`A/1043` → `A%2F1043`, `STK 1043` → `STK%201043`); one that breaks the rule answers 400 invalid_request. Any text of 1 to 80 characters (Unicode code points), as the dealer system writes it: spaces, `/`, `#`, accents and other scripts included. It is NFC-normalized and stripped of leading and trailing white space before use; control characters, line/paragraph separators and bidirectional formatting characters are refused.
                 * @example A/1043
                 */
                external_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VehicleInput"];
            };
        };
        responses: {
            /** @description OK: VehicleResult */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VehicleResult"];
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VehicleResult"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable (invalid_vehicle with fields, unreadable_feed). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    withdrawVehicle: {
        parameters: {
            query?: {
                /** @description Required only if the dealership sells in several markets. */
                market?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The dealer's stock ID, percent-encoded (`A/1043` → `A%2F1043`, `STK 1043` → `STK%201043`); one that breaks the rule answers 400 invalid_request. Any text of 1 to 80 characters (Unicode code points), as the dealer system writes it: spaces, `/`, `#`, accents and other scripts included. It is NFC-normalized and stripped of leading and trailing white space before use; control characters, line/paragraph separators and bidirectional formatting characters are refused.
                 * @example A/1043
                 */
                external_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: VehicleStateResult */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VehicleStateResult"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markVehicleSold: {
        parameters: {
            query?: {
                /** @description Required only if the dealership sells in several markets. */
                market?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The dealer's stock ID, percent-encoded (`A/1043` → `A%2F1043`, `STK 1043` → `STK%201043`); one that breaks the rule answers 400 invalid_request. Any text of 1 to 80 characters (Unicode code points), as the dealer system writes it: spaces, `/`, `#`, accents and other scripts included. It is NFC-normalized and stripped of leading and trailing white space before use; control characters, line/paragraph separators and bidirectional formatting characters are refused.
                 * @example A/1043
                 */
                external_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: VehicleStateResult */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VehicleStateResult"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: WebhookList */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookInput"];
            };
        };
        responses: {
            /** @description The webhook just created, with its secret. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreated"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused (too_many_missing, empty_list, too_many_webhooks). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A webhook as read: never with its secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook was deleted. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** Format: int64 */
                        id: number;
                    };
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: WebhookTestResult */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResult"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: DeliveryList */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryList"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                delivery_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: Delivery */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLeads: {
        parameters: {
            query?: {
                /** @description Only leads created after this time (exclusive), e.g. 2026-11-21T10:00:00Z. */
                since?: string;
                /** @description Only leads in this stage. */
                stage?: "new" | "contacted" | "won" | "lost";
                /** @description D45: the next_cursor of a previous answer, with the same since and stage; lists the leads after the last one of that answer. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: LeadList */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadList"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The lead’s id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadStageInput"];
            };
        };
        responses: {
            /** @description OK: LeadResult */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadResult"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFeeds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: FeedList */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedList"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFeedImports: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: FeedImportList */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedImportList"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFeedImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                import_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: FeedImportEnvelope */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedImportEnvelope"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getVehicleStats: {
        parameters: {
            query?: {
                /** @description First local day (YYYY-MM-DD) of the dealership (D32), included, from 1970-01-01 to 9999-12-30. Default: 29 days before `to`. */
                from?: string;
                /** @description Last local day (YYYY-MM-DD), included, from 1970-01-01 to 9999-12-30. Default: today in the dealership's time zone. At most 366 days from `from`. */
                to?: string;
                /** @description Required for a car only if the dealership sells in several markets; for /stats, only this market (default: all). */
                market?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The dealer's stock ID, percent-encoded (`A/1043` → `A%2F1043`, `STK 1043` → `STK%201043`); one that breaks the rule answers 400 invalid_request. Any text of 1 to 80 characters (Unicode code points), as the dealer system writes it: spaces, `/`, `#`, accents and other scripts included. It is NFC-normalized and stripped of leading and trailing white space before use; control characters, line/paragraph separators and bidirectional formatting characters are refused.
                 * @example A/1043
                 */
                external_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One car's statistics over a range of the dealership's local days (D34). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VehicleStats"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewVehiclePrice: {
        parameters: {
            query?: {
                /** @description The price to try, in the currency of the car: a number above 0, at most two decimals (D44). */
                price?: string;
                /** @description Required only if the dealership sells in several markets. */
                market?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The dealer's stock ID, percent-encoded (`A/1043` → `A%2F1043`, `STK 1043` → `STK%201043`); one that breaks the rule answers 400 invalid_request. Any text of 1 to 80 characters (Unicode code points), as the dealer system writes it: spaces, `/`, `#`, accents and other scripts included. It is NFC-normalized and stripped of leading and trailing white space before use; control characters, line/paragraph separators and bidirectional formatting characters are refused.
                 * @example A/1043
                 */
                external_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A car at another price, nothing changed (D44). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricePreview"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDealerStats: {
        parameters: {
            query?: {
                /** @description First local day (YYYY-MM-DD) of the dealership (D32), included, from 1970-01-01 to 9999-12-30. Default: 29 days before `to`. */
                from?: string;
                /** @description Last local day (YYYY-MM-DD), included, from 1970-01-01 to 9999-12-30. Default: today in the dealership's time zone. At most 366 days from `from`. */
                to?: string;
                /** @description Required for a car only if the dealership sells in several markets; for /stats, only this market (default: all). */
                market?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dealership's statistics over a range of its local days (D34). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DealerStats"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSandboxLead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxLeadInput"];
            };
        };
        responses: {
            /** @description Created: LeadResult */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeadResult"];
                };
            };
            /** @description Invalid request (invalid_request, market_required, invalid_market). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, invalid or revoked API key (unauthorized). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Only a sandbox key may call this (sandbox_only, D35). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (not_found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (rate_limited); see Retry-After. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error (internal_error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    leadCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event type, as `type` in the body. */
                "X-Service-Event": "lead.created";
                /** @description The event id, as `id` in the body. */
                "X-Service-Delivery": string;
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`, as Stripe signs (D20). */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 s: delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A 429 is retried (its Retry-After honoured); any other 4xx (and any 3xx) fails the delivery at once. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as a timeout or no connection is, after 1 min, 5 min, 30 min, 2 h and 6 h (D20). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    vehicleSoldEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event type, as `type` in the body. */
                "X-Service-Event": "vehicle.sold";
                /** @description The event id, as `id` in the body. */
                "X-Service-Delivery": string;
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`, as Stripe signs (D20). */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VehicleSoldEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 s: delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A 429 is retried (its Retry-After honoured); any other 4xx (and any 3xx) fails the delivery at once. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as a timeout or no connection is, after 1 min, 5 min, 30 min, 2 h and 6 h (D20). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    vehicleRejectedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event type, as `type` in the body. */
                "X-Service-Event": "vehicle.rejected";
                /** @description The event id, as `id` in the body. */
                "X-Service-Delivery": string;
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`, as Stripe signs (D20). */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VehicleRejectedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 s: delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A 429 is retried (its Retry-After honoured); any other 4xx (and any 3xx) fails the delivery at once. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as a timeout or no connection is, after 1 min, 5 min, 30 min, 2 h and 6 h (D20). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    syncFailedEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event type, as `type` in the body. */
                "X-Service-Event": "sync.failed";
                /** @description The event id, as `id` in the body. */
                "X-Service-Delivery": string;
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`, as Stripe signs (D20). */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncFailedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 s: delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A 429 is retried (its Retry-After honoured); any other 4xx (and any 3xx) fails the delivery at once. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as a timeout or no connection is, after 1 min, 5 min, 30 min, 2 h and 6 h (D20). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTestEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event type, as `type` in the body. */
                "X-Service-Event": "webhook.test";
                /** @description The event id, as `id` in the body. */
                "X-Service-Delivery": string;
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`, as Stripe signs (D20). */
                "X-Service-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 s: delivered. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A 429 is retried (its Retry-After honoured); any other 4xx (and any 3xx) fails the delivery at once. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as a timeout or no connection is, after 1 min, 5 min, 30 min, 2 h and 6 h (D20). */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
