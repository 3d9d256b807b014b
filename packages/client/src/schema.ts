// Generated from the OpenAPI document of @shop/openapi by scripts/generate-schema.ts: do not edit.
// Regenerate with `pnpm --filter @shop/client generate`; test/schema.test.ts fails while this file is stale.

export interface paths {
    "/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service status
         * @description Also says whether the database takes writes and where the rate limits are counted; 503 when the database cannot take a write.
         */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/materials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Plate materials with every thickness sold
         * @description Empty while online plate orders are switched off. Takes no query parameters.
         */
        get: operations["listMaterials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Catalog products with their tiers */
        get: operations["listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One product */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Structural sections
         * @description Tube, angle and bar sections first, then W shapes and C shapes by designation.
         */
        get: operations["listProfiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price 1 to 10 items
         * @description Prices plates and catalog products and keeps the quote. A blocked quote is a normal 201 answer carrying blocking issues. Asking again makes a new quote (unless with the same Idempotency-Key).
         *
         *     Bounded output: an item carries at most 25 issues, blocking first, then warnings, then information, each group in the order of the request's fields; repeats of one code on one item beyond the first three are folded into the third, whose message gives the total. A quote's JSON stays under 256 KiB for any legal request. Large plates are priced on worker threads; when too many wait, the answer is 503 `service_busy` (retryable).
         */
        post: operations["createQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quotes/{public_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A quote exactly as created
         * @description Reads `expired` once past `expires_at`; removed 30 days after it expires.
         */
        get: operations["getQuote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quotes/{public_id}/items/{index}/preview.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Drawing of one plate item
         * @description Outline, every hole and slot, each bend as a dashed line with its direction and angle.
         */
        get: operations["getPlatePreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/quotes/{public_id}/items/{index}/drawing.dxf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cut file of one plate item
         * @description The plate as priced, as an ASCII DXF (AutoCAD 2007 format) in inches (`$INSUNITS` 1): the outline and cut-outs as closed polylines and round holes as circles on layer `CUT`, bends as lines on `BEND`, the label on `NOTES`. Slots and round outlines are flattened within 0.002 in. Importing it again (POST /plate-imports) gives the same part.
         */
        get: operations["getPlateDrawingDxf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plate-imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a DXF drawing into a plate part
         * @description The body is the DXF file itself (ASCII DXF, R12 or later, up to 5 MiB), sent as `application/dxf`, `image/vnd.dxf` or `application/octet-stream`. The part found (outline, exact circles as round holes, other closed contours inside it as cut-outs, lines on a layer named with BEND as bends) is kept 30 days: quote it by naming its `id` as `import_id` in a plate item, with the material, thickness and quantity. What the drawing holds that is not cut is listed in `ignored` (at most 20 entries); what is wrong with it in `issues` (a blocking one keeps it from being quoted) and where in `marks`; `preview_url` draws the part as found, defects marked. Every number is checked before the drawing is flattened: a curve or part over 10,000 in across is `dxf_too_large`, one over 120 in is answered with the blocking issue `dxf_part_too_large`. Counts against the pricing limit.
         */
        post: operations["importPlateDrawing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/plate-imports/{public_id}/preview.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Drawing of an imported part
         * @description The part as found. With a blocking issue it is still drawn, the defects marked where they lie (an open contour in red with its gap circled at both ends, an island filled red, where contours cross circled) and named in a legend under the part.
         */
        get: operations["getPlateImportPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/handoffs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order link for items of ready quotes
         * @description The `url` is a bearer link: give it only to the person it is for.
         */
        post: operations["createHandoff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rfq-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote-request link from a job description
         * @description Carries nothing about the person: a name, e-mail or phone key, or contact details in the text, is refused.
         */
        post: operations["createRfqLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "object": "status",
         *       "ok": true,
         *       "docs_url": "http://localhost:3000/docs",
         *       "api": "v1",
         *       "storage": "ok",
         *       "rate_limits": "database",
         *       "price_book": "2026-11-24.1"
         *     }
         */
        Status: {
            /** @enum {string} */
            object: "status";
            ok: boolean;
            docs_url: string;
            /**
             * @default v1
             * @enum {string}
             */
            api?: "v1";
            /**
             * @description ok: the database takes writes. busy: another process holds the write lock just now; writes wait for it. When the database cannot be reached or written (a full disk, its file gone), /status answers 503 storage_unavailable instead.
             * @enum {string}
             */
            storage: "ok" | "busy";
            /**
             * @description Where the rate limits are counted: redis, database (the shared SQLite file or PostgreSQL), or memory (neither Redis nor the database can take the counts: each process counts on its own until one is back; while only Redis cannot be reached, the counts go to the database).
             * @enum {string}
             */
            rate_limits: "redis" | "database" | "memory";
            /** @description Version of the price book new quotes are priced from (each quote records its own in price_book). */
            price_book: string;
        };
        /**
         * @example {
         *       "error": {
         *         "type": "invalid_request_error",
         *         "code": "parameter_invalid",
         *         "message": "items[0].outline.width_in must be at most 120.",
         *         "request_id": "req_8fK2mQ9xLp4Rt7Vb1Nc3",
         *         "param": "items[0].outline.width_in",
         *         "retryable": false,
         *         "doc_url": null,
         *         "details": null
         *       }
         *     }
         */
        ErrorEnvelope: {
            error: components["schemas"]["ErrorBody"];
        };
        ErrorBody: {
            /**
             * @description Branch on type, then code.
             * @enum {string}
             */
            type: "invalid_request_error" | "not_found_error" | "conflict_error" | "rate_limit_error" | "api_error";
            code: string;
            /** @description For people. */
            message: string;
            /** @description Equals the X-Request-Id header. */
            request_id: string;
            /**
             * @description The field at fault (named on a 422).
             * @default null
             */
            param?: string | null;
            /** @default false */
            retryable?: boolean;
            /** @default null */
            doc_url?: string | null;
            /** @default null */
            details?: {
                [key: string]: unknown;
            } | null;
        };
        OpenApiDocument: {
            /** @enum {string} */
            openapi: "3.1.0";
            info: {
                [key: string]: unknown;
            };
            servers: {
                [key: string]: unknown;
            }[];
            paths: {
                [key: string]: unknown;
            };
            components: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        MaterialList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Material"][];
            /** @default false */
            has_more?: boolean;
            /**
             * @description Send back as `cursor` with the same filters.
             * @default null
             */
            next_cursor?: string | null;
        };
        Material: {
            /** @enum {string} */
            object: "material";
            /**
             * @description The value a plate item takes as `material`.
             * @enum {string}
             */
            id: "mild_steel" | "stainless_304" | "stainless_316" | "aluminum_6061";
            name: string;
            /** @description Nothing thicker is cut in this material. */
            max_laser_thickness_in: number;
            thicknesses: components["schemas"]["ThicknessOffer"][];
        };
        ThicknessOffer: {
            /** @description Quote with exactly this value. */
            thickness_in: number;
            label: string;
            /** @description True when the size is stocked; a size not stocked is still sold and its lead time includes bringing the plate in. */
            carried: boolean;
            lead_time: components["schemas"]["LeadTime"];
        };
        /**
         * @example {
         *       "days_min": 3,
         *       "days_max": 5,
         *       "note": "Business days from the order for cut plate, ready to ship or pick up."
         *     }
         */
        LeadTime: {
            /** @description Days from the order. */
            days_min: number;
            days_max: number;
            /** @description Which days they are and what the span includes. */
            note: string;
        } | null;
        ProductList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Product"][];
            /** @default false */
            has_more?: boolean;
            /**
             * @description Send back as `cursor` with the same filters.
             * @default null
             */
            next_cursor?: string | null;
        };
        Product: {
            /** @enum {string} */
            object: "product";
            slug: string;
            name: string;
            division: string;
            blurb: string;
            /** @description Page that sells it. */
            product_url: string;
            tiers: components["schemas"]["ProductTier"][];
            image_url: string | null;
            certification_note: string | null;
        };
        ProductTier: {
            /**
             * @description design = the drawing package; kit = steel cut to the drawings; welded = built in the operator's shop.
             * @enum {string}
             */
            kind: "design" | "kit" | "welded";
            label: string;
            includes: string[];
            /** @description Only an orderable tier can be quoted. */
            orderable: boolean;
            /** @description Before HST; null when the price is on request. */
            unit_amount_cents: number | null;
            lead_time_days: number | null;
        };
        ProfileList: {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["Profile"][];
            /** @default false */
            has_more?: boolean;
            /**
             * @description Send back as `cursor` with the same filters.
             * @default null
             */
            next_cursor?: string | null;
        };
        Profile: {
            /** @enum {string} */
            object: "profile";
            profile_type: components["schemas"]["ProfileType"];
            /** @description Used by W shapes (I_BEAM) and C shapes (CHANNEL), as AISC writes it. */
            designation: string | null;
            weight_lb_per_ft: number | null;
            /** @description For tube, angle and bar: an estimate sends every key, in inches, each inside its span. */
            dimensions: {
                [key: string]: components["schemas"]["DimensionSpan"];
            } | null;
            /** @description Any rule between the dimensions. */
            note: string | null;
        };
        /** @enum {string} */
        ProfileType: "I_BEAM" | "CHANNEL" | "HSS_SQUARE" | "HSS_RECT" | "ANGLE" | "FLAT_BAR" | "ROUND_BAR";
        /**
         * @example {
         *       "min_in": 1,
         *       "max_in": 12
         *     }
         */
        DimensionSpan: {
            min_in: number;
            max_in: number;
        };
        Quote: {
            /** @enum {string} */
            object: "quote";
            /** @example q_4Vx9kQ2mT7pL1sN8rB3cZ0 */
            id: string;
            /** @enum {string} */
            status: "ready" | "blocked" | "expired";
            /** @enum {string} */
            price_type: "firm" | "estimate";
            /** @description True when any part is an estimate. */
            beta: boolean;
            /** @description What an estimate means; pass it on as written. */
            notice: string | null;
            /** @enum {string} */
            currency: "cad";
            /** @description In request order. */
            items: components["schemas"]["QuotedItem"][];
            /** @description Before HST. */
            amount_subtotal_cents: number | null;
            /** @description HST (13%, Ontario) as its own figure. */
            amount_tax_cents: number | null;
            amount_total_cents: number | null;
            tax_note: string;
            /** @description Quote-level issues. */
            issues: components["schemas"]["Issue"][];
            /**
             * @description Version of the price book the quote was priced from (the date it changed and a serial); GET /status names the current one.
             * @example 2026-11-24.1
             */
            price_book: string;
            /**
             * Format: date-time
             * @example 2026-11-21T15:04:05.123Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description created_at + 7 days.
             * @example 2026-11-21T15:04:05.123Z
             */
            expires_at: string;
        };
        QuotedItem: {
            /** @description Place in the quote, from 0. */
            index: number;
            /** @enum {string} */
            kind: "product" | "plate";
            /** @description Written by the service. */
            description: string;
            /** @description The requester's label as sent (null if dropped). */
            label: string | null;
            /** @enum {string} */
            status: "ready" | "blocked";
            /** @enum {string} */
            price_type: "firm" | "estimate";
            quantity: number;
            quantity_options: components["schemas"]["QuantityOption"][];
            /** @description Before HST. */
            unit_amount_cents: number | null;
            /** @description Before HST. */
            amount_cents: number | null;
            includes: string[];
            delivery: components["schemas"]["Delivery"];
            /**
             * @description For the quantity asked; null when confirmed after the order (an info issue then gives the figure for one) or none to state.
             * @example {
             *       "days_min": 3,
             *       "days_max": 5,
             *       "note": "Business days from the order for cut plate, ready to ship or pick up."
             *     }
             */
            lead_time: {
                /** @description Days from the order. */
                days_min: number;
                days_max: number;
                /** @description Which days they are and what the span includes. */
                note: string;
            } | null;
            issues: components["schemas"]["Issue"][];
            plate: components["schemas"]["QuotedPlate"];
            product: components["schemas"]["QuotedProduct"];
        };
        /** @description The same item priced at another quantity (CAD cents before HST). */
        QuantityOption: {
            quantity: number;
            unit_amount_cents: number;
            amount_cents: number;
        };
        Delivery: {
            /**
             * @description quoted_after_order = freight quoted by the operator after the order and not in this quote; priced_at_checkout = the order page prices delivery from the address, or the person picks up; not_applicable = nothing ships.
             * @enum {string}
             */
            status: "quoted_after_order" | "priced_at_checkout" | "not_applicable";
            note: string | null;
        };
        /**
         * @example {
         *       "code": "label_dropped",
         *       "severity": "warning",
         *       "message": "The label was left off: it may only use letters, digits, spaces and - _ # . , ( ) / ' \".",
         *       "param": "items[0].label"
         *     }
         */
        Issue: {
            /**
             * @description Issue code; new codes may be added.
             * @enum {string}
             */
            code: "label_dropped" | "thickness_over_laser" | "outline_invalid" | "part_too_small" | "part_exceeds_sheet" | "hole_outside_part" | "hole_too_close_to_edge" | "holes_overlap" | "hole_too_small" | "bend_misses_part" | "bends_cross" | "bend_flange_too_short" | "bend_not_offered" | "web_too_narrow" | "dxf_open_contour" | "dxf_island" | "dxf_contours_cross" | "dxf_spline_unreadable" | "dxf_unsupported_entity" | "dxf_part_too_large" | "dxf_gap_joined" | "dxf_units_suspect" | "hole_smaller_than_thickness" | "hole_near_bend" | "plate_not_carried" | "certification_note" | "lead_time_after_order";
            /**
             * @description A blocking issue stops the quote: act on its message and ask for a new quote.
             * @enum {string}
             */
            severity: "blocking" | "warning" | "info";
            message: string;
            /** @description The request field it is about. */
            param: string | null;
        };
        QuotedPlate: {
            material: components["schemas"]["MaterialId"];
            thickness_in: number;
            /** @description Extent of the outline in the item's frame. */
            width_in: number;
            height_in: number;
            hole_count: number;
            slot_count: number;
            bend_count: number;
            /** @description One piece; null when blocked before pricing. */
            weight_lb: number | null;
            /** @description One piece; null when blocked before pricing. */
            cut_length_in: number | null;
            /** @description SVG drawing of the part as priced; null when the plate is blocked. */
            preview_url: string | null;
        } | null;
        /** @enum {string} */
        MaterialId: "mild_steel" | "stainless_304" | "stainless_316" | "aluminum_6061";
        QuotedProduct: {
            slug: string;
            tier: components["schemas"]["TierKind"];
            product_url: string;
        } | null;
        /** @enum {string} */
        TierKind: "design" | "kit" | "welded";
        QuoteRequest: {
            items: components["schemas"]["QuoteRequestItem"][];
        };
        QuoteRequestItem: components["schemas"]["ProductItem"] | components["schemas"]["PlateItem"];
        /**
         * @example {
         *       "kind": "product",
         *       "slug": "round-bale-feeder",
         *       "tier": "kit",
         *       "quantity": 2,
         *       "quantity_options": [
         *         4
         *       ],
         *       "label": "North pasture"
         *     }
         */
        ProductItem: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "product";
            /** @description The product slug (up to 80 characters), as listed by search_products or GET /products. */
            slug: string;
            /**
             * @description Must be a tier marked orderable. A design package is bought once.
             * @enum {string}
             */
            tier: "design" | "kit" | "welded";
            /**
             * @description Units: 1 to 50, default 1.
             * @default 1
             */
            quantity?: number;
            /**
             * @description Up to 5 other quantities (each 1 to 50) to price beside `quantity`; none for a design package.
             * @default []
             */
            quantity_options?: number[];
            /**
             * @description The requester's label. Letters, digits, spaces and - _ # . , ( ) / ' " only; anything else, or a label reading as a link, address or phone number, is left off with a `label_dropped` warning.
             * @default null
             * @example Bracket A
             */
            label?: string | null;
        };
        /**
         * @example {
         *       "kind": "plate",
         *       "material": "mild_steel",
         *       "thickness_in": 0.25,
         *       "outline": {
         *         "kind": "rectangle",
         *         "width_in": 6,
         *         "height_in": 4
         *       },
         *       "holes": [
         *         {
         *           "kind": "grid",
         *           "center_x_in": 3,
         *           "center_y_in": 2,
         *           "columns": 2,
         *           "rows": 2,
         *           "x_spacing_in": 4,
         *           "y_spacing_in": 2,
         *           "diameter_in": 0.5,
         *           "rotation_deg": 0
         *         }
         *       ],
         *       "bends": [
         *         {
         *           "start_in": [
         *             0,
         *             2
         *           ],
         *           "end_in": [
         *             6,
         *             2
         *           ],
         *           "angle_deg": 90,
         *           "direction": "up"
         *         }
         *       ],
         *       "quantity": 10,
         *       "quantity_options": [
         *         25,
         *         100
         *       ],
         *       "label": "Base plate"
         *     }
         */
        PlateItem: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "plate";
            /**
             * @description Material id, as listed by list_materials or GET /materials.
             * @enum {string}
             */
            material: "mild_steel" | "stainless_304" | "stainless_316" | "aluminum_6061";
            /** @description Inches: exactly one of the material's listed thicknesses (list_materials or GET /materials). */
            thickness_in: number;
            /** @description The outside of the part: rectangle, circle, ring or polygon (chosen by kind). Required unless import_id is given. */
            outline?: components["schemas"]["RectangleOutline"] | components["schemas"]["CircleOutline"] | components["schemas"]["RingOutline"] | components["schemas"]["PolygonOutline"];
            /** @description At most 200 entries and 500 cutouts in all, counting every hole of a pattern and every cut-out. */
            holes?: components["schemas"]["HolePattern"][];
            /** @description Cut-outs of any shape, at most 50; each counts as one of the 500 cutouts. */
            cutouts?: components["schemas"]["Cutout"][];
            /** @description The id (pi_...) of a drawing imported with POST /plate-imports or the import_dxf tool: its outline, holes and cut-outs stand in for outline, holes and cutouts, which are then left out; bends sent here replace the imported ones. */
            import_id?: string;
            /** @description Folds, at most 10; none for a flat part. With import_id, the imported bends unless given. */
            bends?: components["schemas"]["Bend"][];
            /**
             * @description Pieces: 1 to 999, default 1. The plate is priced as one job at this quantity.
             * @default 1
             */
            quantity?: number;
            /**
             * @description Up to 5 other quantities (each 1 to 999) to price beside `quantity`.
             * @default []
             */
            quantity_options?: number[];
            /**
             * @description The requester's label. Letters, digits, spaces and - _ # . , ( ) / ' " only; anything else, or a label reading as a link, address or phone number, is left off with a `label_dropped` warning.
             * @default null
             * @example Bracket A
             */
            label?: string | null;
        } & ({
            outline: unknown;
        } | {
            import_id: unknown;
        });
        /** @description A rectangle, lower-left corner on the origin. */
        RectangleOutline: {
            /**
             * @description "rectangle": a rectangle with its lower-left corner on the origin. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "rectangle";
            /** @description Width along x, in inches: > 0 and at most 120. */
            width_in: number;
            /** @description Height along y, in inches: > 0 and at most 120. */
            height_in: number;
        };
        /** @description A round disc; its centre is at (d/2, d/2), so its bounding box sits on the origin. */
        CircleOutline: {
            /**
             * @description "circle": a round disc. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "circle";
            /** @description Diameter, in inches: > 0 and at most 120. */
            diameter_in: number;
        };
        /** @description Outer and inner circles on the same centre, (outer/2, outer/2); wall at least 1/8 in. */
        RingOutline: {
            /**
             * @description "ring": a washer: a disc with a round bore on the same centre. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "ring";
            /** @description Outside diameter, in inches: > 0 and at most 120. */
            outer_diameter_in: number;
            /** @description Bore diameter; at most outer_diameter_in - 0.25 (a wall of at least 1/8 in), in inches: > 0 and at most 120. */
            inner_diameter_in: number;
        };
        /** @description A polygon by its corners, in the same frame as the holes and bends. */
        PolygonOutline: {
            /**
             * @description "polygon": any outline given by its corners. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "polygon";
            /** @description Corners [x, y] in inches (each 0 to 120), 3 to 200 of them in either winding; a last corner repeating the first is dropped (so up to 201 points). Edges must not cross. */
            points_in: components["schemas"]["Point"][];
        };
        /** @description [x, y] in inches from the origin, each 0 to 120. */
        Point: [
            number,
            number
        ];
        /** @description A hole, a pattern of holes or a slot (chosen by kind), in the outline's frame; every hole must lie inside the outline. */
        HolePattern: components["schemas"]["SingleHole"] | components["schemas"]["LinearHoles"] | components["schemas"]["GridHoles"] | components["schemas"]["BoltCircle"] | components["schemas"]["Slot"];
        /** @description One hole centred at (x_in, y_in). */
        SingleHole: {
            /**
             * @description "single": one round hole. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "single";
            /** @description x of the centre, in inches from the origin: 0 to 120. */
            x_in: number;
            /** @description y of the centre, in inches from the origin: 0 to 120. */
            y_in: number;
            /** @description Hole diameter, in inches: > 0 and at most 120. */
            diameter_in: number;
        };
        /** @description First hole at the start; each next is spacing_in further along angle_deg. */
        LinearHoles: {
            /**
             * @description "linear": a row of equal holes. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "linear";
            /** @description x of the first hole's centre, in inches from the origin: 0 to 120. */
            start_x_in: number;
            /** @description y of the first hole's centre, in inches from the origin: 0 to 120. */
            start_y_in: number;
            /** @description Holes in the row: 1 to 100. */
            count: number;
            /** @description Centre-to-centre distance between neighbours, in inches: > 0 and at most 120. */
            spacing_in: number;
            /** @description Hole diameter, in inches: > 0 and at most 120. */
            diameter_in: number;
            /**
             * @description Direction of the row, counter-clockwise from +x (0 runs right, 90 runs up), in degrees: -360 to 360, default 0.
             * @default 0
             */
            angle_deg?: number;
        };
        /** @description Columns across, rows up, centred on the centre, spacings centre to centre. */
        GridHoles: {
            /**
             * @description "grid": holes in columns and rows. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "grid";
            /** @description x of the centre of the grid, in inches from the origin: 0 to 120. */
            center_x_in: number;
            /** @description y of the centre of the grid, in inches from the origin: 0 to 120. */
            center_y_in: number;
            /** @description Columns across: 1 to 50. */
            columns: number;
            /** @description Rows up: 1 to 50. */
            rows: number;
            /** @description Centre-to-centre distance between columns, in inches: > 0 and at most 120. */
            x_spacing_in: number;
            /** @description Centre-to-centre distance between rows, in inches: > 0 and at most 120. */
            y_spacing_in: number;
            /** @description Hole diameter, in inches: > 0 and at most 120. */
            diameter_in: number;
            /**
             * @description Turn of the whole grid about its centre, counter-clockwise, in degrees: -360 to 360, default 0.
             * @default 0
             */
            rotation_deg?: number;
        };
        /** @description Holes evenly spaced on the circle. */
        BoltCircle: {
            /**
             * @description "bolt_circle": holes evenly spaced on a circle. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "bolt_circle";
            /** @description x of the centre of the circle, in inches from the origin: 0 to 120. */
            center_x_in: number;
            /** @description y of the centre of the circle, in inches from the origin: 0 to 120. */
            center_y_in: number;
            /** @description Holes on the circle: 2 to 100. */
            count: number;
            /** @description Diameter of the circle through the hole centres, in inches: > 0 and at most 120. */
            bolt_circle_diameter_in: number;
            /** @description Hole diameter, in inches: > 0 and at most 120. */
            diameter_in: number;
            /**
             * @description Where the first hole sits, counter-clockwise from +x, in degrees: -360 to 360, default 0.
             * @default 0
             */
            start_angle_deg?: number;
        };
        /** @description Round-ended slot; width_in at most length_in. Counts as one cutout. */
        Slot: {
            /**
             * @description "slot": a round-ended slot. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "slot";
            /** @description x of the middle of the slot, in inches from the origin: 0 to 120. */
            center_x_in: number;
            /** @description y of the middle of the slot, in inches from the origin: 0 to 120. */
            center_y_in: number;
            /** @description Width across, which is also the diameter of its round ends; at most length_in, in inches: > 0 and at most 120. */
            width_in: number;
            /** @description Length tip to tip along the long axis (round ends included); at least width_in, in inches: > 0 and at most 120. */
            length_in: number;
            /**
             * @description Direction of the long axis, counter-clockwise from +x (0 runs along x), in degrees: -360 to 360, default 0.
             * @default 0
             */
            angle_deg?: number;
        };
        /** @description A hole of any shape, cut out of the part: a closed polygon inside the outline, in its frame, with material all round it. */
        Cutout: {
            /**
             * @description "polygon": a cut-out of any shape given by its corners.
             * @enum {string}
             */
            kind: "polygon";
            /** @description Corners of the cut-out [x, y] in inches (each 0 to 120), 3 to 200 of them in either winding; a last corner repeating the first is dropped (so up to 201 points). Edges must not cross. */
            points_in: components["schemas"]["Point"][];
        };
        /** @description A straight fold across the whole part, on the infinite line through start_in and end_in. */
        Bend: {
            /** @description A point on the fold line, [x, y] in inches from the origin, each 0 to 120. */
            start_in: [
                number,
                number
            ];
            /** @description Another point on the fold line, [x, y] in inches from the origin, each 0 to 120; not start_in. */
            end_in: [
                number,
                number
            ];
            /**
             * @description How far the flange turns, in degrees: > 0 and at most 180, default 90.
             * @default 90
             */
            angle_deg?: number;
            /**
             * @description up = mountain fold seen from above, down = valley fold; default up. Does not change the price.
             * @default up
             * @enum {string}
             */
            direction?: "up" | "down";
        };
        PlateImport: {
            /** @enum {string} */
            object: "plate_import";
            /** @description pi_ and 22 characters: name it as import_id in a plate item to quote this part. */
            id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T15:04:05.123Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description 30 days after created_at: a quote naming the import after this is refused (import_unknown).
             * @example 2026-11-21T15:04:05.123Z
             */
            expires_at: string;
            filename: string | null;
            /**
             * @description The units the drawing was read in (from the file, or as given).
             * @enum {string}
             */
            units: "in" | "mm" | "cm" | "m" | "ft";
            /** @description Width of the part found (an open outline included), in inches: 0 to 10000. */
            width_in: number;
            /** @description Height of the part found (an open outline included), in inches: 0 to 10000. */
            height_in: number;
            /** @description The part as found: the outline (arcs flattened within 0.002 in) with the lower-left corner of what was found on the origin, exact circles as round holes, other closed contours inside it as cut-outs, lines on a BEND layer as bends (within the part). Every coordinate is 0 to 10000 in; a part over 120 in either way comes with the blocking issue dxf_part_too_large. */
            plate: {
                outline: {
                    /** @enum {string} */
                    kind: "polygon";
                    /** @description Corners [x, y], each 0 to 10000 in. */
                    points_in: [
                        number,
                        number
                    ][];
                };
                holes: {
                    /** @enum {string} */
                    kind: "single";
                    /** @description x of the centre, in inches from the part's lower-left corner: 0 to 10000. */
                    x_in: number;
                    /** @description y of the centre, in inches from the part's lower-left corner: 0 to 10000. */
                    y_in: number;
                    /** @description Diameter, in inches: > 0 and at most 10000. */
                    diameter_in: number;
                }[];
                cutouts: {
                    /** @enum {string} */
                    kind: "polygon";
                    /** @description Corners [x, y], each 0 to 10000 in. */
                    points_in: [
                        number,
                        number
                    ][];
                }[];
                bends: {
                    start_in: [
                        number,
                        number
                    ];
                    end_in: [
                        number,
                        number
                    ];
                    /** @description Always 90 from a drawing; send bends with the quote to set the angle. */
                    angle_deg: number;
                    /**
                     * @description Always up from a drawing.
                     * @enum {string}
                     */
                    direction: "up" | "down";
                }[];
            };
            counts: {
                contours: number;
                holes: number;
                cutouts: number;
                bends: number;
            };
            /** @description What the drawing holds that is not cut (text, dimensions, hatches, points, hidden entities), by type, layer and reason, largest first: at most 20 entries. Past that, one type's entries are merged across layers (layer "1,204 layers") and the rest is folded into a last entry of type OTHER whose note says how many more. */
            ignored: {
                type: string;
                layer: string;
                count: number;
                note: string;
            }[];
            /** @description What is wrong with the drawing; a blocking issue blocks every quoted item naming the import (the item comes back blocked with that issue) until the drawing is fixed and imported again. */
            issues: components["schemas"]["Issue"][];
            /** @description Where the blocking issues lie, drawn on the preview (at most 25, 3 of a kind, 4,000 points in all); empty for a drawing without them. */
            marks: components["schemas"]["DefectMark"][];
            /** @description SVG drawing of the part as found; with a blocking issue it marks where (the gap circled at both ends, an island in the warning colour) and names the issue in a legend. */
            preview_url: string;
        };
        DefectMark: {
            /**
             * @description The blocking issue it marks: dxf_open_contour, dxf_island or dxf_contours_cross.
             * @enum {string}
             */
            code: "label_dropped" | "thickness_over_laser" | "outline_invalid" | "part_too_small" | "part_exceeds_sheet" | "hole_outside_part" | "hole_too_close_to_edge" | "holes_overlap" | "hole_too_small" | "bend_misses_part" | "bends_cross" | "bend_flange_too_short" | "bend_not_offered" | "web_too_narrow" | "dxf_open_contour" | "dxf_island" | "dxf_contours_cross" | "dxf_spline_unreadable" | "dxf_unsupported_entity" | "dxf_part_too_large" | "dxf_gap_joined" | "dxf_units_suspect" | "hole_smaller_than_thickness" | "hole_near_bend" | "plate_not_carried" | "certification_note" | "lead_time_after_order";
            /** @description The path in the part's frame: an open contour (its gap lies between the first and last points), an island's contour, or the one point where contours cross. */
            points_in: [
                number,
                number
            ][];
            /** @description true for an island's contour. */
            closed: boolean;
        };
        Handoff: {
            /** @enum {string} */
            object: "handoff";
            id: string;
            /** @description A bearer link: anyone holding it can open the page. Give it only to the person it is for. */
            url: string;
            /**
             * Format: date-time
             * @description When the last of its quotes expires.
             * @example 2026-11-21T15:04:05.123Z
             */
            expires_at: string;
            /** @description In the order the quotes list them. */
            items: components["schemas"]["HandoffItem"][];
        };
        HandoffItem: {
            quote_id: string;
            index: number;
            description: string;
            /**
             * @description What the item's button does.
             * @enum {string}
             */
            action: "open_plate_quoter" | "open_product_page";
            label: string | null;
        };
        /**
         * @example {
         *       "quote_ids": [
         *         "q_4Vx9kQ2mT7pL1sN8rB3cZ0"
         *       ]
         *     }
         */
        HandoffRequest: {
            /** @description Ids (q_...) of 1 to 10 ready, unexpired quotes, each once; at most 10 items across them. */
            quote_ids: string[];
        };
        RfqLink: {
            /** @enum {string} */
            object: "rfq_link";
            id: string;
            /** @description Opens the quote-request form with the job filled in; a bearer link. */
            url: string;
            /**
             * Format: date-time
             * @description 30 days after creation.
             * @example 2026-11-21T15:04:05.123Z
             */
            expires_at: string;
        };
        /**
         * @example {
         *       "description": "Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in tall, hot-dip galvanized. Needed in 3 weeks.",
         *       "material": "mild steel",
         *       "thickness_in": 0.375,
         *       "quantity": 12
         *     }
         */
        RfqLinkRequest: {
            /** @description 1 to 2000 characters of plain words about the work: sizes, material, finish, how many, when needed. No name, e-mail address, phone number or link. */
            description: string;
            /**
             * @description The material in plain words, up to 60 characters; optional.
             * @default null
             */
            material?: string | null;
            /**
             * @description Thickness in inches, > 0 and at most 12; optional.
             * @default null
             */
            thickness_in?: number | null;
            /**
             * @description How many, 1 to 100000; optional.
             * @default null
             */
            quantity?: number | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Status"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1.0 document. */
            200: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMaterials: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every plate material. */
            200: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaterialList"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description Words in the name, blurb or division, in any order, ignoring case; up to 40 characters. */
                search?: string;
                /** @description Only products of this division. */
                division?: string;
                /** @description 1 to 50; default 20. */
                limit?: number;
                /** @description The `next_cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of products. */
            200: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductList"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`, `parameter_invalid`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product. */
            200: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found. Codes: `product_not_found`. */
            404: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listProfiles: {
        parameters: {
            query?: {
                /** @description Matches designations and section names, ignoring case and spaces. */
                search?: string;
                profile_type?: components["schemas"]["ProfileType"];
                /** @description 1 to 50; default 20. */
                limit?: number;
                /** @description The `next_cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of profiles. */
            200: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileList"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`, `parameter_invalid`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createQuote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. 1 to 255 visible ASCII characters, new for each new request (a UUID). Within 24 hours, the same key and body from the same client get the first successful answer again, byte for byte (with `Idempotent-Replayed: true`), without doing the work or spending a limit again; the same key with another body is 409 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use` (retryable). A failed request keeps nothing: its key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteRequest"];
            };
        };
        responses: {
            /** @description The quote, kept as created. */
            201: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Set when this is the kept answer of an earlier request with the same Idempotency-Key and body. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quote"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`, `invalid_json`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the state of a quote, or with an earlier request of the same Idempotency-Key. Codes: `idempotency_key_reused`, `idempotency_key_in_use`. */
            409: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is over 256 KiB. Codes: `body_too_large`. */
            413: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is not UTF-8 `application/json`. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`, `parameter_missing`, `parameter_invalid`, `product_unknown`, `tier_not_orderable`, `material_unavailable`, `thickness_not_offered`, `quantity_out_of_range`, `design_quantity_fixed`, `design_repeated`, `import_unknown`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`, `service_busy`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getQuote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                public_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The quote. */
            200: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quote"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found. Codes: `quote_not_found`. */
            404: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPlatePreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                public_id: string;
                /** @description Place of the item in the quote, from 0. */
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The drawing. */
            200: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found. Codes: `quote_not_found`, `preview_not_found`. */
            404: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`, `parameter_invalid`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPlateDrawingDxf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                public_id: string;
                /** @description Place of the item in the quote, from 0. */
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cut file. */
            200: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/dxf": string;
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found. Codes: `quote_not_found`, `drawing_not_found`. */
            404: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`, `parameter_invalid`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    importPlateDrawing: {
        parameters: {
            query?: {
                /** @description The units the drawing was made in: in or mm. Overrides the file's own ($INSUNITS); required when the file has none. */
                units?: "in" | "mm";
                /** @description The file's name (up to 120 characters, no line breaks or other control characters), written on the drawing's title; optional. */
                filename?: string;
            };
            header?: {
                /** @description Optional. 1 to 255 visible ASCII characters, new for each new request (a UUID). Within 24 hours, the same key and body from the same client get the first successful answer again, byte for byte (with `Idempotent-Replayed: true`), without doing the work or spending a limit again; the same key with another body is 409 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use` (retryable). A failed request keeps nothing: its key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/dxf": string;
                "image/vnd.dxf": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description The part found in the drawing, kept 30 days. */
            201: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Set when this is the kept answer of an earlier request with the same Idempotency-Key and body. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlateImport"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`, `invalid_json`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the state of a quote, or with an earlier request of the same Idempotency-Key. Codes: `idempotency_key_reused`, `idempotency_key_in_use`. */
            409: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is over 5 MiB. Codes: `body_too_large`. */
            413: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is not UTF-8 `application/json`. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`, `parameter_invalid`, `dxf_unreadable`, `dxf_units_unknown`, `dxf_no_part`, `dxf_several_parts`, `dxf_too_complex`, `dxf_too_large`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`, `service_busy`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPlateImportPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                public_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The drawing. */
            200: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found. Codes: `plate_import_not_found`. */
            404: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createHandoff: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. 1 to 255 visible ASCII characters, new for each new request (a UUID). Within 24 hours, the same key and body from the same client get the first successful answer again, byte for byte (with `Idempotent-Replayed: true`), without doing the work or spending a limit again; the same key with another body is 409 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use` (retryable). A failed request keeps nothing: its key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HandoffRequest"];
            };
        };
        responses: {
            /** @description The order link. */
            201: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Set when this is the kept answer of an earlier request with the same Idempotency-Key and body. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Handoff"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`, `invalid_json`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Not found. Codes: `quote_not_found`. */
            404: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the state of a quote, or with an earlier request of the same Idempotency-Key. Codes: `idempotency_key_reused`, `idempotency_key_in_use`, `quote_expired`, `quote_not_ready`. */
            409: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is over 256 KiB. Codes: `body_too_large`. */
            413: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is not UTF-8 `application/json`. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`, `parameter_missing`, `parameter_invalid`, `handoff_too_many_items`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createRfqLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. 1 to 255 visible ASCII characters, new for each new request (a UUID). Within 24 hours, the same key and body from the same client get the first successful answer again, byte for byte (with `Idempotent-Replayed: true`), without doing the work or spending a limit again; the same key with another body is 409 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use` (retryable). A failed request keeps nothing: its key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RfqLinkRequest"];
            };
        };
        responses: {
            /** @description The quote-request link. */
            201: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Set when this is the kept answer of an earlier request with the same Idempotency-Key and body. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RfqLink"];
                };
            };
            /** @description The request could not be read: not valid HTTP, or a body that is not valid JSON. Codes: `request_malformed`, `invalid_json`. */
            400: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The path exists but not with this method; `Allow` lists the methods it takes. Codes: `method_not_allowed`. */
            405: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable. Codes: `request_timeout`. */
            408: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Conflict with the state of a quote, or with an earlier request of the same Idempotency-Key. Codes: `idempotency_key_reused`, `idempotency_key_in_use`. */
            409: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is over 256 KiB. Codes: `body_too_large`. */
            413: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is not UTF-8 `application/json`. Codes: `unsupported_media_type`. */
            415: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters. Codes: `parameter_unknown`, `parameter_missing`, `parameter_invalid`, `contact_details_not_allowed`. */
            422: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded; wait `Retry-After` seconds. Codes: `rate_limited`. */
            429: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The request headers are over 16 KiB. Codes: `headers_too_large`. */
            431: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unexpected failure; nothing was done. Codes: `internal_error`. */
            500: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Storage could not be reached or written, or too much large pricing is waiting; retryable. Codes: `storage_unavailable`. */
            503: {
                headers: {
                    /** @description Identifies the request; equals `request_id` in an error. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
