/**
 * The Tally API, as TypeScript types generated from its OpenAPI document by openapi-typescript.
 * Do not edit: regenerate with `npm run client:generate` (a test fails while this file is stale).
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up */
        get: operations["HealthController_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: database reachable and every migration applied */
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the company's settings (hosted pages, portal, billing), defaults filled in */
        get: operations["CompanySettingsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update the company's settings (keys given change; null puts a key's default back) */
        patch: operations["CompanySettingsController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a webhook endpoint (its secret is shown only here and on rotate_secret)
         * @description At most 16 endpoints per company, DISABLED ones included (409 webhook_limit_reached beyond).
         */
        post: operations["WebhooksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/webhooks/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search webhook endpoints */
        post: operations["WebhooksController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint */
        get: operations["WebhooksController_get"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint and its deliveries */
        delete: operations["WebhooksController_remove"];
        options?: never;
        head?: never;
        /** Update a webhook endpoint (url, event_types, description, status) */
        patch: operations["WebhooksController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/webhooks/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret (the previous one keeps signing for 24 hours) */
        post: operations["WebhooksController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event to this endpoint only; answers its delivery */
        post: operations["WebhooksController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/webhooks/{id}/deliveries/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search an endpoint's deliveries (attempts, last status code or error, duration, next attempt) */
        post: operations["WebhooksController_findDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/webhooks/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make the next attempt of a delivery now */
        post: operations["WebhooksController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/webhook_events/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search webhook events of the last 30 days */
        post: operations["WebhookEventsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/webhook_events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook event (readable for 30 days) */
        get: operations["WebhookEventsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/entitlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an entitlement */
        post: operations["EntitlementsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/entitlements/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search entitlements */
        post: operations["EntitlementsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/entitlements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an entitlement */
        get: operations["EntitlementsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update an entitlement */
        patch: operations["EntitlementsController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a customer */
        post: operations["CustomersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/customers/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search customers */
        post: operations["CustomersController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/customers/{customer_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a customer by id or identifier */
        get: operations["CustomersController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update customer; archive with status ARCHIVED */
        patch: operations["CustomersController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/customers/{customer_id}/start_managing": {
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
        /** Start managing customer: managed_externally becomes false */
        patch: operations["CustomersController_startManaging"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/billable_items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a billable item */
        post: operations["BillableItemsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/billable_items/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search billable items */
        post: operations["BillableItemsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/billable_items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a billable item */
        get: operations["BillableItemsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a billable item */
        patch: operations["BillableItemsController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/billable_metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a billable metric */
        post: operations["BillableMetricsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/billable_metrics/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search billable metrics */
        post: operations["BillableMetricsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/billable_metrics/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a billable metric */
        get: operations["BillableMetricsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a billable metric */
        patch: operations["BillableMetricsController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/events/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ingest usage events (de-duplicated by transaction_id)
         * @description Each event is checked on its own. 200: every event accepted (stored, or a duplicate of one already stored). 207: some events refused and listed in `errors`, the others accepted (sending the batch again is safe). 400 `batch_refused`: every event refused, nothing written; `validation_errors` names the field at fault in each. Every 2xx answer carries X-Tally-Refused-Events, the count of refused events.
         */
        post: operations["UsageController_ingest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/customers/{customer_id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Usage of a customer per metric over a period */
        post: operations["UsageController_customerUsage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/objects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an object */
        post: operations["ObjectsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/objects/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search objects */
        post: operations["ObjectsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/objects/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create, update or delete objects in a batch (answers enqueued and errors)
         * @description Each entry is applied on its own, in order. 200: every entry applied. 207: some entries refused and listed in `errors`, the others applied. 400 `batch_refused`: every entry refused, nothing written; `validation_errors` names the field at fault in each. Every 2xx answer carries X-Tally-Refused-Objects, the count of refused entries.
         */
        post: operations["ObjectsController_ingest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/objects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an object */
        get: operations["ObjectsController_get"];
        put?: never;
        post?: never;
        /** Delete an object */
        delete: operations["ObjectsController_remove"];
        options?: never;
        head?: never;
        /** Update an object */
        patch: operations["ObjectsController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a product */
        post: operations["ProductsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/products/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search products */
        post: operations["ProductsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a product, with its pricings, by id or external_name */
        get: operations["ProductsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a product; archive with state ARCHIVED */
        patch: operations["ProductsController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a product pricing */
        post: operations["PricingsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/pricing/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search product pricings */
        post: operations["PricingsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/pricing/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a product pricing by id or external_name */
        get: operations["PricingsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a product pricing; archive with state ARCHIVED */
        patch: operations["PricingsController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/bundles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a bundle of pricings */
        post: operations["BundlesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/bundles/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search bundles */
        post: operations["BundlesController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/bundles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bundle */
        get: operations["BundlesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a bundle */
        patch: operations["BundlesController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a subscription */
        post: operations["SubscriptionsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/subscriptions/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search subscriptions */
        post: operations["SubscriptionsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a subscription by id or identifier */
        get: operations["SubscriptionsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a subscription */
        patch: operations["SubscriptionsController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/subscriptions/{id}/change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the pricings or quantities of a subscription */
        post: operations["SubscriptionsController_change"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a subscription */
        post: operations["SubscriptionsController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/subscriptions/{id}/undo_cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo a scheduled cancellation */
        post: operations["SubscriptionsController_undoCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/subscriptions/{id}/extend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Extend the trial of a subscription */
        post: operations["SubscriptionsController_extend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/subscriptions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a subscription */
        post: operations["SubscriptionsController_pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/subscriptions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused subscription */
        post: operations["SubscriptionsController_resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/subscriptions/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Usage of a subscription per metric */
        post: operations["SubscriptionsController_usage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/invoices/next": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Preview the next invoice of a subscription (writes nothing) */
        post: operations["NextInvoiceController_next"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/invoices/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search invoices */
        post: operations["InvoicesController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/invoices/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an invoice by uuid */
        get: operations["InvoicesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a draft or pending invoice
         * @description Only while nothing is paid on it: a PAID, partly paid (PENDING with payments) or VOID invoice is a 409 invalid_state.
         */
        patch: operations["InvoicesController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/invoices/{uuid}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The invoice's hosted page link (no token needed to open it); 409 on a DRAFT, which has no page until finalized */
        get: operations["InvoicesController_link"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/invoices/{uuid}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Void an invoice */
        post: operations["InvoicesController_void"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/invoices/{uuid}/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finalize a draft invoice */
        post: operations["InvoicesController_finalize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/invoices/{uuid}/mark_paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark an invoice paid */
        post: operations["InvoicesController_markPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/one_times": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create one-time charges */
        post: operations["OneTimesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/one_times/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search one-time charges */
        post: operations["OneTimesController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/payments/transactions/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search payment transactions */
        post: operations["PaymentTransactionsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/payments/transactions/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund a payment transaction */
        post: operations["PaymentTransactionsController_refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/payments/transactions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a payment transaction */
        get: operations["PaymentTransactionsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/customers/{customer_id}/payment_methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the payment methods of a customer */
        get: operations["PaymentMethodsController_list"];
        put?: never;
        /** Attach a payment method from a processor token (the first becomes the default) */
        post: operations["PaymentMethodsController_attach"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/customers/{customer_id}/payment_methods/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Detach a payment method */
        delete: operations["PaymentMethodsController_remove"];
        options?: never;
        head?: never;
        /** Update a payment method (make it the default) */
        patch: operations["PaymentMethodsController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a credit */
        post: operations["CreditsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/credits/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search credits */
        post: operations["CreditsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/credits/consume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Consume credits of a customer */
        post: operations["CreditsController_consume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/credits/logs/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search credit logs */
        post: operations["CreditsController_findLogs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/credits/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a credit */
        get: operations["CreditsController_get"];
        put?: never;
        post?: never;
        /** Revoke a credit */
        delete: operations["CreditsController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/contracts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a contract */
        post: operations["ContractsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/contracts/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search contracts */
        post: operations["ContractsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/contracts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a contract */
        get: operations["ContractsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a contract (#16)
         * @description Signatures are accepted while DRAFT or PENDING_SIGNATURES; any change is a 409 once the contract is executed, expired or void.
         *
         *     **Signatures bind the terms signed.** Each signature stores the digest of the terms it signed (`signatories[].terms_digest`). A PATCH that changes a term-bearing field — `custom_variables`, `term`, `start_date`, `auto_renews`, `auto_charges` (and, outside this endpoint, the prices of the contract's pricings) — **resets every signature and refusal** of the contract, including signatures given in the same request: each signatory signs the new terms again (their signing page shows them). Setting a field to the value it already has changes nothing. `title`, `metadata`, `owner_id`, `expiration_date`, `status` and the signatory list are not terms. The contract executes only when every signature carries the digest of its current terms (`terms_digest`); a signature given on other terms is reset instead.
         */
        patch: operations["ContractsController_update"];
        trace?: never;
    };
    "/api/v1/companies/{company_id}/contract_templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a contract template
         * @description A text with `{{name}}` placeholders, each declared in `variables` (an undeclared one is a 400). A contract created with `template_id` copies the text as its `content` and fills the placeholders from its `custom_variables` (a variable's `default_value` when the contract leaves it out; one without default is required). Templates are not edited.
         */
        post: operations["ContractTemplatesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/contract_templates/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search contract templates */
        post: operations["ContractTemplatesController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/contract_templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a contract template */
        get: operations["ContractTemplatesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a checkout session */
        post: operations["CheckoutController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/checkout/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a checkout session */
        get: operations["CheckoutController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/customer_dashboards/{customer_id}/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A link to the customer's hosted portal (subscriptions, invoices, cards; expires after 24 hours) */
        post: operations["CustomerPortalController_portal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/customer_dashboards/{customer_id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A link to the customer's usage page, embeddable in an iframe (expires after 24 hours) */
        post: operations["CustomerPortalController_usage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/notifications/find": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Search the e-mails sent to customers (the notification log) */
        post: operations["NotificationsController_find"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/notifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one e-mail of the notification log */
        get: operations["NotificationsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/notifications/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an e-mail again (a new notification with the same recipients and content) */
        post: operations["NotificationsController_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/companies/{company_id}/invoices/{uuid}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail an invoice (PDF attached) to its billed customer, Cc its billing_emails; 409 for a DRAFT */
        post: operations["NotificationsController_sendInvoice"];
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
        ErrorResponse: {
            /** @example customer_id must be a string */
            error_message: string;
            /**
             * @example validation_error
             * @enum {string}
             */
            error_type: "validation_error" | "request_error" | "auth_error" | "idempotency_error" | "api_error";
            /**
             * @description a stable snake_case word per cause (not_found, invalid_field, invalid_state, …)
             * @example invalid_field
             */
            error_code: string;
            /**
             * @description the HTTP status
             * @example 400
             */
            error_status: number;
            /**
             * @description validation_error only: the problem of each bad field, keyed by dotted path
             * @example {
             *       "customer_id": "must be a string"
             *     }
             */
            validation_errors?: {
                [key: string]: string;
            };
        };
        CompanySettingsResponse: {
            /** @example cmp_01jz3k4m5n6p7q8r9s0t1v2w3x */
            company_id: string;
            /** @description shown on the hosted pages and PDFs (default the company name) */
            display_name: string;
            support_email: string | null;
            /** @example #1d4ed8 */
            accent_color: string;
            portal_cancel_enabled: boolean;
            /** @description the customer portal offers changing seat quantities (see the request field) */
            portal_quantity_changes_enabled: boolean;
            usage_page_frame_ancestors: string[];
            invoice_grace_period_seconds: number;
            payment_retry_days: number[];
            email_invoice_finalized: boolean;
            email_payment_receipt: boolean;
            email_refund_receipt: boolean;
            email_payment_failed: boolean;
        };
        UpdateCompanySettingsDto: {
            /**
             * @description the name the hosted pages and PDFs show; null = the company name
             * @example Acme Cloud
             */
            display_name?: string | null;
            /**
             * Format: email
             * @description shown to customers on the pages and PDFs
             */
            support_email?: string | null;
            /**
             * @description accent colour of the pages (#rrggbb); white text on it must reach a 4.5:1 contrast; null = #1d4ed8
             * @example #0f766e
             */
            accent_color?: string | null;
            /** @description the customer portal offers cancelling at period end (default false) */
            portal_cancel_enabled?: boolean | null;
            /** @description the customer portal lets a customer change the quantity of a seat (licence) price of their subscription, within its quantity_config (min_quantity, else 1; max_quantity; not when allow_custom_quantity is false), as an immediate change prorated on an invoice of its own (proration_type IMMEDIATE, as POST /subscriptions/{id}/change makes it); default false */
            portal_quantity_changes_enabled?: boolean | null;
            /**
             * @description origins (https://host[:port]) allowed to embed the usage page in a frame; default none
             * @example [
             *       "https://app.example.com"
             *     ]
             */
            usage_page_frame_ancestors?: string[] | null;
            /** @description seconds a usage invoice stays DRAFT after its billing date (default 3600) */
            invoice_grace_period_seconds?: number | null;
            /** @description increasing days (1–365) after the first failed charge to retry it (default [1, 3, 5]; [] = no retries) */
            payment_retry_days?: number[] | null;
            /** @description e-mail each finalized invoice, PDF attached, to the billed customer (Cc its billing_emails); default true */
            email_invoice_finalized?: boolean | null;
            /** @description e-mail a receipt when a payment succeeds (card, hosted page, mark_paid); default true */
            email_payment_receipt?: boolean | null;
            /** @description e-mail a receipt when a refund succeeds; default true */
            email_refund_receipt?: boolean | null;
            /** @description e-mail the customer, with the link to pay, when an automatic charge is declined; default true */
            email_payment_failed?: boolean | null;
        };
        CreateWebhookDto: {
            /**
             * @description absolute http or https URL the events are POSTed to
             * @example https://example.com/tally/webhooks
             */
            url: string;
            /** @description omitted, null or empty = every type */
            event_types?: ("customer.created" | "customer.updated" | "subscription.created" | "subscription.updated" | "subscription.changed" | "subscription.cancelled" | "subscription.renewed" | "invoice.created" | "invoice.finalized" | "invoice.paid" | "invoice.voided" | "invoice.payment_failed" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "credit.granted" | "credit.expired" | "contract.created" | "contract.updated" | "contract.signed" | "contract.executed" | "checkout.completed" | "metric.updated" | "notification.failed" | "webhook.test")[] | null;
            description?: string | null;
        };
        WebhookWithSecretResponse: {
            /** @example whk_01jz3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            url: string;
            /** @description empty = every type */
            event_types: ("customer.created" | "customer.updated" | "subscription.created" | "subscription.updated" | "subscription.changed" | "subscription.cancelled" | "subscription.renewed" | "invoice.created" | "invoice.finalized" | "invoice.paid" | "invoice.voided" | "invoice.payment_failed" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "credit.granted" | "credit.expired" | "contract.created" | "contract.updated" | "contract.signed" | "contract.executed" | "checkout.completed" | "metric.updated" | "notification.failed" | "webhook.test")[];
            description: string | null;
            /** @enum {string} */
            status: "ENABLED" | "DISABLED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description `whsec_` + base64 of 32 random bytes: the Standard Webhooks signing secret. Null only in the replay of a request repeated with the same Idempotency-Key: the secret is never stored with the answer (see `secret_redacted`).
             * @example whsec_…
             */
            secret: string | null;
            /** @description true in a replayed answer (`Idempotency-Used: true`), whose `secret` is null: the secret was shown only in the first answer; rotate it to get a new one */
            secret_redacted?: boolean;
        };
        WebhookResponse: {
            /** @example whk_01jz3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            url: string;
            /** @description empty = every type */
            event_types: ("customer.created" | "customer.updated" | "subscription.created" | "subscription.updated" | "subscription.changed" | "subscription.cancelled" | "subscription.renewed" | "invoice.created" | "invoice.finalized" | "invoice.paid" | "invoice.voided" | "invoice.payment_failed" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "credit.granted" | "credit.expired" | "contract.created" | "contract.updated" | "contract.signed" | "contract.executed" | "checkout.completed" | "metric.updated" | "notification.failed" | "webhook.test")[];
            description: string | null;
            /** @enum {string} */
            status: "ENABLED" | "DISABLED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        PaginationDto: {
            /** @description Opaque cursor: the pagination.from_key of the previous page */
            from_key?: string | null;
            /** @description at most this many rows; a page may hold fewer when its rows pass about 1 MiB (then from_key is set). Default: `20`. */
            limit?: number | null;
        };
        WebhookQueryDto: {
            /** @enum {string} */
            status?: "ENABLED" | "DISABLED";
            /** @description case-insensitive substring of url or description */
            search?: string;
        };
        FindWebhooksBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["WebhookQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        UpdateWebhookDto: {
            /** @description absolute http or https URL */
            url?: string;
            /** @description null or empty = every type */
            event_types?: ("customer.created" | "customer.updated" | "subscription.created" | "subscription.updated" | "subscription.changed" | "subscription.cancelled" | "subscription.renewed" | "invoice.created" | "invoice.finalized" | "invoice.paid" | "invoice.voided" | "invoice.payment_failed" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "credit.granted" | "credit.expired" | "contract.created" | "contract.updated" | "contract.signed" | "contract.executed" | "checkout.completed" | "metric.updated" | "notification.failed" | "webhook.test")[] | null;
            description?: string | null;
            /**
             * @description DISABLED endpoints receive nothing
             * @enum {string}
             */
            status?: "ENABLED" | "DISABLED";
        };
        WebhookActionBodyDto: Record<string, never>;
        WebhookDeliveryResponse: {
            /** @example whd_01jz3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            /** @description the endpoint (whk_…) */
            webhook_id: string;
            /** @description the event (evt_…): the `webhook-id` header of every attempt */
            event_id: string;
            /** @enum {string} */
            event_type: "customer.created" | "customer.updated" | "subscription.created" | "subscription.updated" | "subscription.changed" | "subscription.cancelled" | "subscription.renewed" | "invoice.created" | "invoice.finalized" | "invoice.paid" | "invoice.voided" | "invoice.payment_failed" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "credit.granted" | "credit.expired" | "contract.created" | "contract.updated" | "contract.signed" | "contract.executed" | "checkout.completed" | "metric.updated" | "notification.failed" | "webhook.test";
            /** @enum {string} */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            /** @description attempts made so far (the number of the last one) */
            attempts: number;
            /**
             * Format: date-time
             * @description null once SUCCEEDED or FAILED
             */
            next_attempt_at: string | null;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** @description HTTP status of the last attempt, null when it got no answer */
            last_status_code: number | null;
            /** @description why the last attempt got no answer (timeout, refused, DNS…) */
            last_error: string | null;
            /** @description milliseconds the last attempt took */
            last_duration_ms: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookDeliveryQueryDto: {
            /** @enum {string} */
            status?: "PENDING" | "SUCCEEDED" | "FAILED";
            /** @enum {string} */
            event_type?: "customer.created" | "customer.updated" | "subscription.created" | "subscription.updated" | "subscription.changed" | "subscription.cancelled" | "subscription.renewed" | "invoice.created" | "invoice.finalized" | "invoice.paid" | "invoice.voided" | "invoice.payment_failed" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "credit.granted" | "credit.expired" | "contract.created" | "contract.updated" | "contract.signed" | "contract.executed" | "checkout.completed" | "metric.updated" | "notification.failed" | "webhook.test";
            /** @description evt_… */
            event_id?: string;
        };
        FindWebhookDeliveriesBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["WebhookDeliveryQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        WebhookEventDataResponse: {
            /** @description the resource (customer, subscription, invoice, payment transaction, credit, contract, checkout session, billable metric) as its GET answered it when the event happened */
            object: {
                [key: string]: unknown;
            };
        };
        WebhookEventResponse: {
            /** @example evt_01jz3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            /** @enum {string} */
            type: "customer.created" | "customer.updated" | "subscription.created" | "subscription.updated" | "subscription.changed" | "subscription.cancelled" | "subscription.renewed" | "invoice.created" | "invoice.finalized" | "invoice.paid" | "invoice.voided" | "invoice.payment_failed" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "credit.granted" | "credit.expired" | "contract.created" | "contract.updated" | "contract.signed" | "contract.executed" | "checkout.completed" | "metric.updated" | "notification.failed" | "webhook.test";
            /**
             * @description the same as type (the hosted API's name for it)
             * @enum {string}
             */
            event_type: "customer.created" | "customer.updated" | "subscription.created" | "subscription.updated" | "subscription.changed" | "subscription.cancelled" | "subscription.renewed" | "invoice.created" | "invoice.finalized" | "invoice.paid" | "invoice.voided" | "invoice.payment_failed" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "credit.granted" | "credit.expired" | "contract.created" | "contract.updated" | "contract.signed" | "contract.executed" | "checkout.completed" | "metric.updated" | "notification.failed" | "webhook.test";
            /** @description the kind of data.object: the part of type before the dot (customer, subscription, invoice, payment, credit, contract, checkout, metric, webhook) */
            data_type: string;
            /** Format: date-time */
            created_at: string;
            company_id: string;
            data: components["schemas"]["WebhookEventDataResponse"];
        };
        DateRangeFilterDto: {
            /** Format: date-time */
            eq?: string;
            /** Format: date-time */
            gt?: string;
            /** Format: date-time */
            gte?: string;
            /** Format: date-time */
            lt?: string;
            /** Format: date-time */
            lte?: string;
        };
        WebhookEventQueryDto: {
            /**
             * @description events of this type
             * @enum {string}
             */
            type?: "customer.created" | "customer.updated" | "subscription.created" | "subscription.updated" | "subscription.changed" | "subscription.cancelled" | "subscription.renewed" | "invoice.created" | "invoice.finalized" | "invoice.paid" | "invoice.voided" | "invoice.payment_failed" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "credit.granted" | "credit.expired" | "contract.created" | "contract.updated" | "contract.signed" | "contract.executed" | "checkout.completed" | "metric.updated" | "notification.failed" | "webhook.test";
            /** @description events of any of these types */
            types?: ("customer.created" | "customer.updated" | "subscription.created" | "subscription.updated" | "subscription.changed" | "subscription.cancelled" | "subscription.renewed" | "invoice.created" | "invoice.finalized" | "invoice.paid" | "invoice.voided" | "invoice.payment_failed" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "credit.granted" | "credit.expired" | "contract.created" | "contract.updated" | "contract.signed" | "contract.executed" | "checkout.completed" | "metric.updated" | "notification.failed" | "webhook.test")[];
            /** @description when the event happened */
            created_at?: components["schemas"]["DateRangeFilterDto"];
        };
        FindWebhookEventsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["WebhookEventQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | null;
            include_meta?: boolean | null;
        };
        CreateEntitlementDto: {
            /** @enum {string} */
            aggregator_type: "OR" | "AND" | "ADD" | "MINIMUM" | "MAXIMUM" | "COALESCE";
            /**
             * @description 1–64 ASCII letters, digits, "_" or "-"; unique in the company
             * @example max_seats
             */
            key: string;
            /** @example Maximum seats */
            name: string;
            /** @enum {string} */
            type: "BOOL" | "NUMBER" | "TEXT" | "ENUM";
            adjust_for_quantity?: boolean | null;
            /** @description Required (non-empty) for ENUM, not allowed otherwise */
            possible_values?: string[] | null;
        };
        EntitlementResponse: {
            id: string;
            company_id: string;
            key: string;
            name: string;
            /** @enum {string} */
            type: "BOOL" | "NUMBER" | "TEXT" | "ENUM";
            /** @enum {string} */
            aggregator_type: "OR" | "AND" | "ADD" | "MINIMUM" | "MAXIMUM" | "COALESCE";
            adjust_for_quantity: boolean;
            /** @description ENUM: its values; [] for the other types (the reference answers a list for every type) */
            possible_values: string[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        EntitlementQueryDto: {
            /** @enum {string} */
            aggregator_type?: "OR" | "AND" | "ADD" | "MINIMUM" | "MAXIMUM" | "COALESCE";
            key?: string;
            name?: string;
            /** @description case-insensitive substring of key or name */
            search?: string;
            /** @enum {string} */
            type?: "BOOL" | "NUMBER" | "TEXT" | "ENUM";
        };
        FindEntitlementsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["EntitlementQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        UpdateEntitlementDto: {
            name?: string;
            /** @enum {string} */
            aggregator_type?: "OR" | "AND" | "ADD" | "MINIMUM" | "MAXIMUM" | "COALESCE";
            adjust_for_quantity?: boolean | null;
            possible_values?: string[] | null;
        };
        AddressDto: {
            address_line_1?: string | null;
            address_line_2?: string | null;
            city?: string | null;
            /**
             * @description ISO 3166-1 alpha-2, upper case
             * @example US
             */
            country?: string | null;
            place_id?: string | null;
            state?: string | null;
            zip?: string | null;
        };
        DisplayFieldDto: {
            name: string;
            value: string;
        };
        ChildRollupBillingConfigDto: {
            /** @enum {string|null} */
            frequency?: "HOUR" | "DAY" | "WEEK" | "BI_MONTH" | "MONTH" | "QUARTER" | "BI_ANNUAL" | "YEAR" | null;
            /** Format: date-time */
            start_date?: string | null;
            auto_charges?: boolean | null;
            /** Format: date-time */
            end_date?: string | null;
            invoice_additional_display_fields?: components["schemas"]["DisplayFieldDto"][] | null;
            /** @description days */
            invoice_due_date_from_creation?: number | null;
        };
        CreateCustomerDto: {
            address?: components["schemas"]["AddressDto"] | null;
            /** @description extra recipients copied on invoices */
            billing_emails?: string[] | null;
            child_rollup_billing?: boolean | null;
            child_rollup_billing_config?: components["schemas"]["ChildRollupBillingConfigDto"] | null;
            email?: string | null;
            exclude_from_metrics?: boolean | null;
            /** @description unique in the company; ties the customer to the caller's system */
            identifier?: string | null;
            /** @example en-US */
            locale?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            name?: string | null;
            org_name?: string | null;
            override_taxes?: {
                [key: string]: unknown;
            }[] | null;
            owner_id?: string | null;
            /** @description id (or identifier) of a customer of the same company */
            parent_customer_id?: string | null;
            phone?: string | null;
            /**
             * @description any case; stored upper-case
             * @enum {string|null}
             */
            status?: "ACTIVE" | "ARCHIVED" | null;
            /** @description labels of the customer (null or [] clears them); kept once each */
            tags?: string[] | null;
            title?: string | null;
            /** @description Default: `false`. */
            managed_externally?: boolean | null;
        };
        AddressResponse: {
            address_line_1: string | null;
            address_line_2: string | null;
            city: string | null;
            country: string | null;
            place_id: string | null;
            state: string | null;
            zip: string | null;
        };
        MoneyResponse: {
            /** @example USD */
            currency: string;
            value_in_cents: number;
        };
        DisplayFieldResponse: {
            name: string;
            value: string;
        };
        ChildRollupBillingConfigResponse: {
            /** @enum {string|null} */
            frequency: "HOUR" | "DAY" | "WEEK" | "BI_MONTH" | "MONTH" | "QUARTER" | "BI_ANNUAL" | "YEAR" | null;
            /** Format: date-time */
            start_date: string | null;
            auto_charges: boolean | null;
            /** Format: date-time */
            end_date: string | null;
            invoice_additional_display_fields: components["schemas"]["DisplayFieldResponse"][] | null;
            invoice_due_date_from_creation: number | null;
        };
        IntegrationReferenceResponse: {
            integration_icon: string;
            integration_id: string;
            integration_key: string;
            integration_name: string;
            reference_type: string;
            remote_id: string;
            remote_type: string;
        };
        CustomerResponse: {
            address: components["schemas"]["AddressResponse"] | null;
            arr: components["schemas"]["MoneyResponse"];
            billing_emails: string[] | null;
            child_rollup_billing: boolean;
            child_rollup_billing_config: components["schemas"]["ChildRollupBillingConfigResponse"] | null;
            company_id: string;
            /** @description entitlement assignments */
            computed_entitlements: {
                [key: string]: unknown;
            }[] | null;
            /** Format: date-time */
            created_at: string;
            customer_integration_metadata: {
                [key: string]: unknown;
            };
            email: string | null;
            exclude_from_metrics: boolean;
            id: string;
            identifier: string | null;
            integration_references: components["schemas"]["IntegrationReferenceResponse"][];
            locale: string | null;
            managed_externally: boolean;
            metadata: {
                [key: string]: unknown;
            };
            mrr: components["schemas"]["MoneyResponse"];
            name: string | null;
            org_name: string | null;
            override_taxes: {
                [key: string]: unknown;
            }[] | null;
            owner_id: string | null;
            parent_customer_id: string | null;
            phone: string | null;
            /** @enum {string} */
            status: "ACTIVE" | "ARCHIVED";
            tags: string[];
            title: string | null;
            /** Format: date-time */
            updated_at: string;
        };
        MetadataFilterDto: {
            /** @enum {string} */
            condition: "AND" | "OR";
            /**
             * @description `key=value` (metadata[key] as text equals value) or `key` (metadata has the key); split at the first `=`
             * @example [
             *       "crm_id=abc",
             *       "tier"
             *     ]
             */
            values: string[];
        };
        OwnerIdsFilterDto: {
            /** @enum {string} */
            condition: "AND" | "OR";
            /** @description owner ids; an empty list is no filter */
            values: string[];
        };
        SetFilterDto: {
            /** @enum {string} */
            condition: "AND" | "OR";
            values: string[];
        };
        RangeFilterDto: {
            eq?: number;
            gt?: number;
            gte?: number;
            lt?: number;
            lte?: number;
        };
        CustomerQueryDto: {
            /** @description case-insensitive */
            email?: string;
            exclude_from_metrics?: boolean;
            managed_externally?: boolean;
            /** @description AND: every value matches; OR: at least one */
            metadata?: components["schemas"]["MetadataFilterDto"];
            /** @description owner_id among the values (OR); AND matches only when every value is the one owner (a customer has one owner_id); an empty values list is no filter */
            owner_ids?: components["schemas"]["OwnerIdsFilterDto"];
            /** @description exact */
            phone?: string;
            /** @description AND: the customer has every tag; OR: at least one */
            tags?: components["schemas"]["SetFilterDto"];
            /** @description exact */
            title?: string;
            identifier?: string;
            name?: string;
            org_name?: string;
            parent_customer_id?: string;
            has_parent?: boolean;
            owner_id?: string;
            /**
             * @description any case
             * @enum {string}
             */
            status?: "ACTIVE" | "ARCHIVED";
            /** @description any of these (OR), any case; one status alone may be a string */
            statuses?: ("ACTIVE" | "ARCHIVED") | ("ACTIVE" | "ARCHIVED")[];
            /** @description case-insensitive substring of name, email, identifier or org_name */
            search?: string;
            /** @description MRR in cents */
            mrr?: components["schemas"]["RangeFilterDto"];
            /** @description ARR in cents */
            arr?: components["schemas"]["RangeFilterDto"];
        };
        FindCustomersBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["CustomerQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        UpdateCustomerDto: {
            address?: components["schemas"]["AddressDto"] | null;
            /** @description extra recipients copied on invoices */
            billing_emails?: string[] | null;
            child_rollup_billing?: boolean | null;
            child_rollup_billing_config?: components["schemas"]["ChildRollupBillingConfigDto"] | null;
            email?: string | null;
            exclude_from_metrics?: boolean | null;
            /** @description unique in the company; ties the customer to the caller's system */
            identifier?: string | null;
            /** @example en-US */
            locale?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            name?: string | null;
            org_name?: string | null;
            override_taxes?: {
                [key: string]: unknown;
            }[] | null;
            owner_id?: string | null;
            /** @description id (or identifier) of a customer of the same company */
            parent_customer_id?: string | null;
            phone?: string | null;
            /**
             * @description any case; stored upper-case
             * @enum {string|null}
             */
            status?: "ACTIVE" | "ARCHIVED" | null;
            /** @description labels of the customer (null or [] clears them); kept once each */
            tags?: string[] | null;
            title?: string | null;
        };
        CreateBillableItemDto: {
            /** @example API calls */
            name: string;
            /** @enum {string} */
            type: "CUSTOM_USAGE" | "CUSTOM_OBJ";
            external_name?: string | null;
            description?: string | null;
            /**
             * @description Default: `"UNITS"`.
             * @enum {string|null}
             */
            display_type?: "UNITS" | "AMOUNT" | "THOUSAND_UNITS" | "MILLION_UNITS" | null;
        };
        BillableItemResponse: {
            id: string;
            company_id: string;
            name: string;
            external_name: string | null;
            description: string | null;
            /** @enum {string} */
            display_type: "UNITS" | "AMOUNT" | "THOUSAND_UNITS" | "MILLION_UNITS";
            /** @enum {string} */
            type: "CUSTOM_USAGE" | "CUSTOM_OBJ" | "LICENSE";
            standard: boolean;
            editable: boolean;
            /** @enum {string} */
            state: "ACTIVE" | "ARCHIVED";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        BillableItemQueryDto: {
            external_name?: string;
            name?: string;
            /**
             * @description case-insensitive
             * @enum {string}
             */
            state?: "ACTIVE" | "ARCHIVED";
            /** @enum {string} */
            type?: "CUSTOM_USAGE" | "CUSTOM_OBJ" | "LICENSE";
        };
        FindBillableItemsBody: {
            pagination: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["BillableItemQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        UpdateBillableItemDto: {
            /** @description null keeps the name */
            name?: string | null;
            external_name?: string | null;
            description?: string | null;
            /**
             * @description archive (ARCHIVED) or restore (ACTIVE)
             * @enum {string|null}
             */
            state?: "ACTIVE" | "ARCHIVED" | null;
        };
        RuleItemInput: {
            /** @enum {string} */
            item_type: "PROPERTY" | "VALUE";
            /** @description property name (PROPERTY) */
            property?: string | null;
            /** @description the value (VALUE): a string, number or boolean (stored as text); for IN a list or a comma-separated string */
            value?: (string | null) | number | boolean | string[];
        };
        ComparatorInput: {
            /** @enum {string} */
            type: "AND" | "OR" | "EQUAL" | "NOT_EQUAL" | "GREATER_THAN" | "GREATER_THAN_OR_EQUAL" | "LESS_THAN" | "LESS_THAN_OR_EQUAL" | "CONTAINS" | "IN";
            /** @description AND/OR: the nested comparators (each of this shape) */
            items?: {
                [key: string]: unknown;
            }[] | null;
            /** @description comparisons: the left operand */
            left_item?: components["schemas"]["RuleItemInput"] | null;
            /** @description comparisons: the right operand */
            right_item?: components["schemas"]["RuleItemInput"] | null;
        };
        RuleInput: {
            comparator: components["schemas"]["ComparatorInput"];
        };
        MeteringRuleInput: {
            /** @enum {string} */
            aggregator: "COUNT" | "SUM" | "MAX" | "AVG" | "UNIQUE_COUNT" | "LATEST";
            /** @description required except for COUNT */
            property?: string | null;
            /** @description none when left out */
            group_keys?: string[] | null;
            /** @description left out or null: every event counts */
            rule?: components["schemas"]["RuleInput"] | null;
        };
        CreateBillableMetricDto: {
            item_id: string;
            /** @description validated as a tree; a 400 names the bad node */
            metering_rule: components["schemas"]["MeteringRuleInput"];
            name: string;
            description?: string | null;
            external_name?: string | null;
            /** @description Default: `true`. */
            is_billable?: boolean | null;
        };
        RuleItemDoc: {
            /** @description always null */
            comparator: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            item_type: "PROPERTY" | "VALUE";
            /** @description property name, or a dotted path to a nested scalar, e.g. `tokens.input` (PROPERTY) */
            property: string | null;
            /** @description the value (VALUE): a string, number or boolean (stored as text); for IN a list or a comma-separated string; null for PROPERTY */
            value: (string | null) | string[];
        };
        ComparatorDoc: {
            /** @enum {string} */
            type: "AND" | "OR" | "EQUAL" | "NOT_EQUAL" | "GREATER_THAN" | "GREATER_THAN_OR_EQUAL" | "LESS_THAN" | "LESS_THAN_OR_EQUAL" | "CONTAINS" | "IN";
            /** @description AND/OR: the nested comparators */
            items: {
                [key: string]: unknown;
            }[] | null;
            left_item: components["schemas"]["RuleItemDoc"] | null;
            right_item: components["schemas"]["RuleItemDoc"] | null;
        };
        RuleDoc: {
            comparator: components["schemas"]["ComparatorDoc"];
        };
        MeteringRuleDoc: {
            /** @enum {string} */
            aggregator: "COUNT" | "SUM" | "MAX" | "AVG" | "UNIQUE_COUNT" | "LATEST";
            /** @description the property aggregated, required except for COUNT: a name, or a dotted path to a nested scalar (`tokens.input`, at most 5 names, none empty). A name read on an event that has a key of that exact name (dots included) reads that key. A missing value, null, an object or an array is skipped as a missing property is */
            property: string | null;
            /** @description properties the usage is broken down by: names or dotted paths (`model.name`); a value that is missing, null, an object or an array groups as null */
            group_keys: string[];
            /** @description null: every event counts */
            rule: components["schemas"]["RuleDoc"] | null;
        };
        BillableMetricResponse: {
            id: string;
            company_id: string;
            item_id: string;
            name: string;
            external_name: string | null;
            description: string | null;
            /** @enum {string} */
            type: "LICENSE_METRIC" | "ONETIME_METRIC" | "CUSTOM_METRIC";
            is_billable: boolean;
            standard: boolean;
            editable: boolean;
            /** @enum {string} */
            state: "ACTIVE" | "ARCHIVED";
            metering_rule: components["schemas"]["MeteringRuleDoc"] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        BillableMetricQueryDto: {
            name?: string;
            external_name?: string;
            item_id?: string;
            /**
             * @description case-insensitive
             * @enum {string}
             */
            state?: "ACTIVE" | "ARCHIVED";
        };
        FindBillableMetricsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["BillableMetricQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        UpdateBillableMetricDto: {
            /** @description null keeps the name */
            name?: string | null;
            external_name?: string | null;
            description?: string | null;
            /** @enum {string|null} */
            state?: "ACTIVE" | "ARCHIVED" | null;
            /**
             * @deprecated
             * @description not allowed: a metering rule is immutable (create a new metric)
             */
            metering_rule?: {
                [key: string]: unknown;
            };
        };
        IngestEventsDto: {
            /** @description 1 to 100 events {customer_id | customer_identifier, item_id, transaction_id (1..255), timestamp (ISO 8601 with a time zone), properties}. `properties` is a JSON object of any JSON values, nested objects and arrays included (a metering rule reads a nested scalar by a dotted path, `tokens.input`; the event keeps the whole object), within bounds: at most 5 levels of objects and arrays (the properties object is the first), at most 100 keys and array elements in all, keys of 1 to 255 characters, strings of at most 1024, every number finite, from -10^12 to 10^12, at most 12 decimals. Each event is validated on its own: a refused one is listed in `errors` (index, transaction_id, error_code, error_message naming the event and the property, e.g. `events[3].properties.tokens.input`), the others are stored; the status says whether any was refused (200, 207, or 400 when all were) */
            events: {
                [key: string]: unknown;
            }[];
        };
        EnqueuedEvent: {
            transaction_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        DuplicateEvent: {
            transaction_id: string;
        };
        EventError: {
            index: number;
            transaction_id: string | null;
            /** @example invalid_field */
            error_code: string;
            error_message: string;
        };
        IngestEventsResponse: {
            /** @description events stored by this call */
            enqueued: components["schemas"]["EnqueuedEvent"][];
            /** @description transaction_ids already seen for the customer in the last 35 days (or earlier in the batch) */
            duplicates: components["schemas"]["DuplicateEvent"][];
            errors: components["schemas"]["EventError"][];
        };
        UsagePeriodDto: {
            /**
             * Format: date-time
             * @description inclusive
             */
            start_date: string;
            /**
             * Format: date-time
             * @description exclusive
             */
            end_date: string;
        };
        CustomerUsageDto: {
            metric_id: string;
            period: components["schemas"]["UsagePeriodDto"];
        };
        UsageBreakdownEntry: {
            /** @description group key → value (null when missing) */
            grouping: {
                [key: string]: string | null;
            };
            value: number;
        };
        CustomerUsageResponse: {
            metric_id: string;
            /** @description the metric aggregated over the period [start_date, end_date) */
            value: number;
            breakdown: components["schemas"]["UsageBreakdownEntry"][];
        };
        CreateObjectDto: {
            /** @description a CUSTOM_OBJ billable item */
            item_id: string;
            /** @description the caller's id of the object; unique among the live objects of the customer and item */
            object_identifier: string;
            /** @description a JSON object of any JSON values, nested objects and arrays included (rules read a nested scalar by a dotted path, `specs.size`), within bounds: at most 5 levels of objects and arrays (the properties object is the first), at most 100 keys and array elements in all, keys of 1 to 255 characters, strings of at most 1024; outside them a 400 names the value (`properties.specs.size`) */
            properties?: {
                [key: string]: unknown;
            } | null;
            /** @description customer id or identifier (this or customer_identifier) */
            customer_id?: string | null;
            customer_identifier?: string | null;
        };
        ObjectResponse: {
            id: string;
            company_id: string;
            customer_id: string;
            /** @description the customer's identifier (null when it has none) */
            customer_identifier: string | null;
            item_id: string;
            object_identifier: string;
            properties: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        ObjectQueryDto: {
            customer_id?: string;
            customer_identifier?: string;
            item_id?: string;
            object_identifier?: string;
            /** @description also list deleted objects (default false) */
            include_deleted?: boolean;
            /**
             * @description a matching rule as a JSON string, over the objects' properties: `{"comparator": {...}}` or the comparator itself, as in a metering rule (EQUAL, NOT_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL, LESS_THAN, LESS_THAN_OR_EQUAL, CONTAINS, IN; AND/OR with items; left_item/right_item {item_type: PROPERTY, property} or {item_type: VALUE, value})
             * @example {"comparator":{"type":"EQUAL","left_item":{"item_type":"PROPERTY","property":"is_active"},"right_item":{"item_type":"VALUE","value":"true"}}}
             */
            matching_rule_string?: string;
        };
        FindObjectsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["ObjectQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | "aToZ" | "zToA" | null;
            include_meta?: boolean | null;
        };
        IngestObjectsDto: {
            /** @description 1 to 100 of {action: CREATE|UPDATE|DELETE, id?, item_id, object_identifier, customer_id|customer_identifier, properties}; UPDATE and DELETE name the object by id, or by item_id + object_identifier + customer */
            objects: {
                [key: string]: unknown;
            }[];
        };
        EnqueuedObjectResponse: {
            /** @enum {string} */
            action: "CREATE" | "UPDATE" | "DELETE";
            object_identifier: string;
            /** @description the position of the entry in `objects` */
            index: number;
            /** @description the object written (obj_…) */
            id: string;
        };
        RefusedObjectResponse: {
            index: number;
            object_identifier: string | null;
            error_code: string;
            error_message: string;
        };
        IngestObjectsResponse: {
            /** @description the entries applied, in order */
            enqueued: components["schemas"]["EnqueuedObjectResponse"][];
            /** @description the entries refused (nothing written for them) */
            errors: components["schemas"]["RefusedObjectResponse"][];
        };
        UpdateObjectDto: {
            /** @description replaces the properties: a JSON object of any JSON values, nested objects and arrays included (rules read a nested scalar by a dotted path, `specs.size`), within bounds: at most 5 levels of objects and arrays (the properties object is the first), at most 100 keys and array elements in all, keys of 1 to 255 characters, strings of at most 1024; outside them a 400 names the value (`properties.specs.size`) */
            properties: {
                [key: string]: unknown;
            };
        };
        EntitlementAssignmentInputDto: {
            /** @example ent_01j... */
            entitlement_id?: string | null;
            /** @description id of an existing assignment of this owner (kept) */
            id?: string | null;
            /** @description the entitlement key, instead of entitlement_id */
            key?: string | null;
            /** @description boolean, number or string, of the entitlement type ("10" and "true" are accepted) */
            value: boolean | number | string;
        };
        CreateProductDto: {
            /** @description free text */
            description?: string | null;
            /** @description replaces the product's entitlement assignments */
            entitlements?: components["schemas"]["EntitlementAssignmentInputDto"][] | null;
            /** @description public name */
            external_name?: string | null;
            image_url?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            /** @description defaults to external_name, else "Untitled product" */
            name?: string | null;
            /**
             * @description Default: `"ACTIVE"`.
             * @enum {string|null}
             */
            state?: "ACTIVE" | "ARCHIVED" | null;
            tags?: string[] | null;
        };
        EntitlementAssignmentResponse: {
            entitlement_id: string;
            id: string;
            inherited_from_id: string | null;
            /** @enum {string|null} */
            inherited_from_type: "PRODUCT" | "PRODUCT_PRICING" | "SUBSCRIPTION" | null;
            key: string;
            name: string;
            /** @description the value it replaced when overridden, else null */
            original_value: boolean | number | (string | null);
            overridden: boolean;
            /** @enum {string} */
            type: "BOOL" | "NUMBER" | "TEXT" | "ENUM";
            value: boolean | number | string;
        };
        ProductResponse: {
            company_id: string;
            /** Format: date-time */
            created_at: string;
            description: string | null;
            entitlements: components["schemas"]["EntitlementAssignmentResponse"][] | null;
            external_name: string | null;
            id: string;
            image_url: string | null;
            /** Format: date-time */
            import_created_at_ref: string | null;
            import_ref: string | null;
            imported_from: string | null;
            metadata: {
                [key: string]: unknown;
            };
            name: string;
            /** @description product pricings (expanded); null where nested in a pricing */
            product_pricings: {
                [key: string]: unknown;
            }[] | null;
            /** @enum {string} */
            state: "ACTIVE" | "ARCHIVED";
            tags: string[] | null;
            /** Format: date-time */
            updated_at: string;
        };
        ProductQueryDto: {
            name?: string;
            /** @description case-insensitive substring of name, external_name or description */
            search?: string;
            /** @enum {string} */
            state?: "ACTIVE" | "ARCHIVED";
            /** @description a list of tags (the product has every one; [] filters nothing), or {condition: AND|OR, values} */
            tags?: string[] | {
                /** @enum {string} */
                condition: "AND" | "OR";
                values: string[];
            };
        };
        FindProductsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["ProductQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        UpdateProductDto: {
            /** @description free text */
            description?: string | null;
            /** @description replaces the product's entitlement assignments */
            entitlements?: components["schemas"]["EntitlementAssignmentInputDto"][] | null;
            /** @description public name */
            external_name?: string | null;
            image_url?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            /** @description defaults to external_name, else "Untitled product" */
            name?: string | null;
            /**
             * @description Default: `"ACTIVE"`.
             * @enum {string|null}
             */
            state?: "ACTIVE" | "ARCHIVED" | null;
            tags?: string[] | null;
        };
        TermDto: {
            /** @example 1 */
            count: number;
            /**
             * @example MONTH
             * @enum {string}
             */
            frequency: "HOUR" | "DAY" | "WEEK" | "BI_MONTH" | "MONTH" | "QUARTER" | "BI_ANNUAL" | "YEAR" | "ONETIME";
        };
        MoneyDto: {
            /**
             * @description must be the pricing's currency (defaults to it)
             * @example USD
             */
            currency?: string | null;
            /** @example 1000 */
            value_in_cents: number;
        };
        FixedPriceDto: {
            /** @description cents, may be fractional */
            price_per_unit: number | string;
        };
        StepPriceDto: {
            /** @description cents, may be fractional */
            price_per_step: number | string;
            step_size: number;
        };
        GradientTierDto: {
            start: number;
            /** @description null on the last (open-ended) tier only */
            end?: number | null;
            /** @description cents, may be fractional */
            flat_price?: number | string;
            /** @description cents, may be fractional */
            price_per_unit?: number | string;
            is_custom_tier?: boolean | null;
        };
        VolumeTierDto: {
            total_units_start: number;
            /** @description null on the last (open-ended) tier only */
            total_units_end?: number | null;
            /** @description cents, may be fractional */
            flat_price?: number | string;
            /** @description cents, may be fractional */
            price_per_unit?: number | string;
            is_custom_tier?: boolean | null;
        };
        CustomPriceDto: {
            /** @description cents, may be fractional */
            price_per_unit?: number | string;
            /** @description cents, may be fractional */
            preset_price_per_unit?: number | string;
            /** @description cents, may be fractional */
            min_price_per_unit?: number | string;
            /** @description cents, may be fractional */
            max_price_per_unit?: number | string;
        };
        ScheduledPriceDto: {
            /** @description unit price (cents) of each period in turn; numeric strings or numbers */
            price_per_unit_per_period: string[];
        };
        MinimumSpendScheduleDto: {
            /** @description true: spend above a period's minimum (or a true-up window's) counts toward the next ones, so a customer who spent early is not topped up later; needs a minimum (minimum_spend or amount_per_period). See docs/billing-rules.md#minimum-spend */
            allow_pulling_forward?: boolean | null;
            /** @description the minimum spend of each billing period in turn (the first period from the anchor first; the last amount repeats), as Money or cents (numeric strings or integers), in the pricing currency; replaces minimum_spend when given */
            amount_per_period?: ({
                currency?: string;
                value_in_cents?: number;
            } | string | number)[] | null;
            /**
             * @description the shape of the schedule, checked against it (400 otherwise): UNIFORM one minimum every period (minimum_spend, or a single amount_per_period), CUSTOM amount_per_period period by period
             * @enum {string|null}
             */
            minimum_spend_schedule_type?: "UNIFORM" | "CUSTOM" | null;
        };
        CreditPriceDto: {
            /**
             * @description AMOUNT: each unit bought grants `amount` of credit; UNITS: each unit bought grants `units` units of the billable item `item_id`
             * @enum {string}
             */
            type: "AMOUNT" | "UNITS";
            /** @description AMOUNT only (and required there): the credit per unit bought, more than 0, in the pricing's currency */
            amount?: components["schemas"]["MoneyDto"] | null;
            /** @description UNITS only (and required there): the billable item whose units are granted (404 when the company has no such item) */
            item_id?: string | null;
            /** @description UNITS only (and required there): units granted per unit bought */
            units?: number | null;
        };
        RecognitionScheduleDto: {
            /**
             * @description IMMEDIATE: recognised when invoiced; RATABLE: evenly over the billing period; CUSTOM: amount_per_period
             * @enum {string}
             */
            recognition_schedule_type: "IMMEDIATE" | "RATABLE" | "CUSTOM";
            /** @description CUSTOM only (and required there): cents recognised in each period in turn, numeric strings or numbers */
            amount_per_period?: string[] | null;
        };
        CreatePricingDto: {
            /**
             * @description RECURRING or ONETIME ("recurring", "one-time" accepted). Default: `"RECURRING"`.
             * @enum {string|null}
             */
            type?: "RECURRING" | "ONETIME" | null;
            /** @description default {count: 1, frequency: MONTH} (ONETIME for a one-time price) */
            billing_frequency?: components["schemas"]["TermDto"] | null;
            base_price?: components["schemas"]["MoneyDto"] | null;
            /** @description units included in base_price each period */
            base_units?: number | null;
            fixed_price?: components["schemas"]["FixedPriceDto"] | null;
            step_price?: components["schemas"]["StepPriceDto"] | null;
            gradient_price?: components["schemas"]["GradientTierDto"][];
            volume_price?: components["schemas"]["VolumeTierDto"][];
            custom_price?: components["schemas"]["CustomPriceDto"] | null;
            scheduled_price?: components["schemas"]["ScheduledPriceDto"] | null;
            minimum_spend?: components["schemas"]["MoneyDto"] | null;
            minimum_spend_schedule?: components["schemas"]["MinimumSpendScheduleDto"] | null;
            /**
             * @description Default: `"PRE_POST"`.
             * @enum {string|null}
             */
            charge_type?: "PRE_POST" | "POST_ONLY" | null;
            /**
             * @description Default: `"PRORATE_ALL"`.
             * @enum {string|null}
             */
            proration_type?: "PRORATE_ALL" | "NONE" | null;
            /** @description true (answered as carry_over): the included units (base_units) a period of this usage price does not use carry to the next period only, on top of its own, shown in the usage line name ("N units included, M carried over"); needs base_units > 0 and a metered metric (400 otherwise). See docs/billing-rules.md#carry-over */
            carryover?: boolean | null;
            /** @description Makes the price a credit pack: when an invoice that bought it (a one-time charge, or a period of a subscription) becomes PAID, each unit bought (the quantity of its charge line, times the share of the period a prorated line covers; a change counts the net of its "Remaining time" and "Unused time" lines) grants the customer credit: AMOUNT, `amount` per unit, or UNITS, `units` units of `item_id` per unit; rounded once per line, half away from zero. One credit per pack price and invoice, granted exactly once, with no expiration date, named after the invoice line, ISSUED in the credit log with the invoice; later invoices consume it like any credit. Nothing is granted before the invoice is paid (a voided invoice grants nothing). A refund of the invoice revokes the credit's unused part, up to the refunded share of what the invoice charged. */
            credit_price?: components["schemas"]["CreditPriceDto"] | null;
            description?: string | null;
            /** @description name used on invoices */
            external_name?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            tags?: string[];
            /** @enum {string|null} */
            state?: "ACTIVE" | "ARCHIVED" | null;
            /** @description replaces the pricing's own (override) entitlements */
            entitlements?: components["schemas"]["EntitlementAssignmentInputDto"][] | null;
            upsell_product_pricing_id?: string | null;
            /**
             * @description how quantities of this price are labelled (UNITS, AMOUNT, THOUSAND_UNITS, MILLION_UNITS); default: the billable item's. Today it is stored and answered (item_pricing.display_type); invoices and billing do not use it
             * @enum {string|null}
             */
            display_type?: "UNITS" | "AMOUNT" | "THOUSAND_UNITS" | "MILLION_UNITS" | null;
            /** @description how the revenue of this price is recognised; default {recognition_schedule_type: IMMEDIATE}. Today it is stored and answered (item_pricing.recognition_schedule); Tally keeps no revenue-recognition ledger, so nothing else reads it */
            recognition_schedule?: components["schemas"]["RecognitionScheduleDto"] | null;
            /**
             * @description the window the minimum spend is assessed over (a billing frequency not shorter than the price's, not ONETIME): e.g. QUARTER on a monthly price sums the 3 months' minimums and spend, and the top-up goes on the invoice that closes the quarter; null: each billing period on its own. Needs a minimum (minimum_spend or minimum_spend_schedule). See docs/billing-rules.md#minimum-spend
             * @enum {string|null}
             */
            true_up_frequency?: "HOUR" | "DAY" | "WEEK" | "BI_MONTH" | "MONTH" | "QUARTER" | "BI_ANNUAL" | "YEAR" | null;
            /** @example prod_01j... */
            product_id: string;
            /** @example Pro monthly */
            name: string;
            /** @example USD */
            currency: string;
            /** @enum {string} */
            pricing_type: "FIXED" | "STEP" | "GRADIENT" | "VOLUME" | "CUSTOM" | "SCHEDULED";
            /** @description billable item of a usage price (with metric_id); without both, a licence price on the standard License item */
            item_id?: string | null;
            /** @description billable metric of item_id that the usage price charges */
            metric_id?: string | null;
        };
        CompanyRecordResponse: {
            address: {
                [key: string]: unknown;
            } | null;
            computed_entitlements: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
            customer_id: string | null;
            demo: boolean;
            email: string | null;
            id: string;
            is_dev: boolean;
            legal_name: string | null;
            name: string;
            phone: string | null;
            preferred_currency: string | null;
            preferred_timezone: string | null;
            slug: string | null;
            /** Format: date-time */
            updated_at: string;
        };
        GradientTierResponse: {
            start: number;
            end: number | null;
            flat_price: number;
            is_custom_tier: boolean;
            price_per_unit: number;
        };
        RecognitionScheduleResponse: {
            /** @enum {string} */
            recognition_schedule_type: "IMMEDIATE" | "RATABLE" | "CUSTOM";
            /** @description CUSTOM: cents per period (exact decimal strings); else null */
            amount_per_period: string[] | null;
        };
        VolumeTierResponse: {
            flat_price: number;
            is_custom_tier: boolean;
            price_per_unit: number;
            total_units_start: number;
            total_units_end: number | null;
        };
        ItemPricingResponse: {
            base_price: components["schemas"]["MoneyResponse"];
            base_units: number;
            carry_over: boolean;
            /** @enum {string} */
            charge_type: "PRE_POST" | "POST_ONLY";
            company: components["schemas"]["CompanyRecordResponse"];
            company_id: string;
            /** Format: date-time */
            created_at: string;
            credit_price: {
                [key: string]: unknown;
            } | null;
            custom_price: {
                [key: string]: unknown;
            } | null;
            description: string | null;
            display_type: string;
            editable: boolean;
            external_name: string | null;
            fixed_price: {
                [key: string]: unknown;
            } | null;
            frequency: string;
            gradient_price: components["schemas"]["GradientTierResponse"][] | null;
            id: string;
            item: {
                [key: string]: unknown;
            };
            item_id: string;
            metadata: {
                [key: string]: unknown;
            };
            minimum_spend: components["schemas"]["MoneyResponse"] | null;
            minimum_spend_schedule: {
                [key: string]: unknown;
            } | null;
            name: string;
            num_subs: number;
            /** @enum {string} */
            pricing_type: "FIXED" | "STEP" | "GRADIENT" | "VOLUME" | "CUSTOM" | "SCHEDULED";
            /** @enum {string} */
            proration_type: "PRORATE_ALL" | "NONE";
            recognition_schedule: components["schemas"]["RecognitionScheduleResponse"];
            scheduled_price: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            state: "ACTIVE" | "ARCHIVED";
            step_price: {
                [key: string]: unknown;
            } | null;
            term_count: number;
            true_up_frequency: string | null;
            /** @enum {string} */
            type: "RECURRING" | "ONETIME";
            /** Format: date-time */
            updated_at: string;
            volume_price: components["schemas"]["VolumeTierResponse"][] | null;
        };
        ProductMetricPricingResponse: {
            company_id: string;
            /** Format: date-time */
            created_at: string;
            id: string;
            /** @description billable item */
            item: {
                [key: string]: unknown;
            };
            item_id: string;
            item_pricing: components["schemas"]["ItemPricingResponse"];
            item_pricing_id: string;
            /** @description billable metric */
            metric: {
                [key: string]: unknown;
            };
            metric_id: string;
            product_id: string;
            /** Format: date-time */
            updated_at: string;
        };
        ProductPricingResponse: {
            company_id: string;
            computed_entitlements: components["schemas"]["EntitlementAssignmentResponse"][];
            /** Format: date-time */
            created_at: string;
            currency: string;
            description: string | null;
            external_name: string | null;
            id: string;
            /** Format: date-time */
            import_created_at_ref: string | null;
            import_ref: string | null;
            imported_from: string | null;
            metadata: {
                [key: string]: unknown;
            };
            name: string;
            num_subs: number;
            override_entitlements: components["schemas"]["EntitlementAssignmentResponse"][];
            /** @enum {string} */
            pricing_type: "FIXED" | "STEP" | "GRADIENT" | "VOLUME" | "CUSTOM" | "SCHEDULED";
            /** @description product_pricings is null here */
            product: components["schemas"]["ProductResponse"] | null;
            product_id: string;
            product_metric_pricings: components["schemas"]["ProductMetricPricingResponse"][];
            /** @enum {string} */
            state: "ACTIVE" | "ARCHIVED";
            tags: string[];
            /** @enum {string} */
            type: "RECURRING" | "ONETIME";
            /** Format: date-time */
            updated_at: string;
            upsell_product_pricing_id: string | null;
        };
        PricingQueryDto: {
            currency?: string;
            name?: string;
            external_name?: string;
            product_id?: string;
            /** @description case-insensitive substring of name, external_name or description */
            search?: string;
            /** @enum {string} */
            state?: "ACTIVE" | "ARCHIVED";
            /** @description a list of tags (the pricing has every one; [] filters nothing), or {condition: AND|OR, values} */
            tags?: string[] | {
                /** @enum {string} */
                condition: "AND" | "OR";
                values: string[];
            };
            /** @enum {string} */
            type?: "RECURRING" | "ONETIME";
            /** @enum {string} */
            pricing_type?: "FIXED" | "STEP" | "GRADIENT" | "VOLUME" | "CUSTOM" | "SCHEDULED";
        };
        FindPricingsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["PricingQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        UpdatePricingDto: {
            /**
             * @description RECURRING or ONETIME ("recurring", "one-time" accepted). Default: `"RECURRING"`.
             * @enum {string|null}
             */
            type?: "RECURRING" | "ONETIME" | null;
            /** @description default {count: 1, frequency: MONTH} (ONETIME for a one-time price) */
            billing_frequency?: components["schemas"]["TermDto"] | null;
            base_price?: components["schemas"]["MoneyDto"] | null;
            /** @description units included in base_price each period */
            base_units?: number | null;
            fixed_price?: components["schemas"]["FixedPriceDto"] | null;
            step_price?: components["schemas"]["StepPriceDto"] | null;
            gradient_price?: components["schemas"]["GradientTierDto"][];
            volume_price?: components["schemas"]["VolumeTierDto"][];
            custom_price?: components["schemas"]["CustomPriceDto"] | null;
            scheduled_price?: components["schemas"]["ScheduledPriceDto"] | null;
            minimum_spend?: components["schemas"]["MoneyDto"] | null;
            minimum_spend_schedule?: components["schemas"]["MinimumSpendScheduleDto"] | null;
            /**
             * @description Default: `"PRE_POST"`.
             * @enum {string|null}
             */
            charge_type?: "PRE_POST" | "POST_ONLY" | null;
            /**
             * @description Default: `"PRORATE_ALL"`.
             * @enum {string|null}
             */
            proration_type?: "PRORATE_ALL" | "NONE" | null;
            /** @description true (answered as carry_over): the included units (base_units) a period of this usage price does not use carry to the next period only, on top of its own, shown in the usage line name ("N units included, M carried over"); needs base_units > 0 and a metered metric (400 otherwise). See docs/billing-rules.md#carry-over */
            carryover?: boolean | null;
            /** @description Makes the price a credit pack: when an invoice that bought it (a one-time charge, or a period of a subscription) becomes PAID, each unit bought (the quantity of its charge line, times the share of the period a prorated line covers; a change counts the net of its "Remaining time" and "Unused time" lines) grants the customer credit: AMOUNT, `amount` per unit, or UNITS, `units` units of `item_id` per unit; rounded once per line, half away from zero. One credit per pack price and invoice, granted exactly once, with no expiration date, named after the invoice line, ISSUED in the credit log with the invoice; later invoices consume it like any credit. Nothing is granted before the invoice is paid (a voided invoice grants nothing). A refund of the invoice revokes the credit's unused part, up to the refunded share of what the invoice charged. */
            credit_price?: components["schemas"]["CreditPriceDto"] | null;
            description?: string | null;
            /** @description name used on invoices */
            external_name?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            tags?: string[];
            /** @enum {string|null} */
            state?: "ACTIVE" | "ARCHIVED" | null;
            /** @description replaces the pricing's own (override) entitlements */
            entitlements?: components["schemas"]["EntitlementAssignmentInputDto"][] | null;
            upsell_product_pricing_id?: string | null;
            name?: string | null;
            /** @enum {string|null} */
            pricing_type?: "FIXED" | "STEP" | "GRADIENT" | "VOLUME" | "CUSTOM" | "SCHEDULED" | null;
        };
        CreateBundleDto: {
            /** @example Starter bundle */
            name: string;
            /**
             * @description defaults to the currency of the first pricing; every pricing must be in it
             * @example USD
             */
            currency?: string | null;
            /** @description default {count: 1, frequency: MONTH} */
            term?: components["schemas"]["TermDto"] | null;
            /** @description ACTIVE pricings of the company, in the bundle currency */
            product_pricing_ids: string[];
            description?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
        };
        BundleProductPricingResponse: {
            bundle_pricing_id: string;
            company_id: string;
            /** Format: date-time */
            created_at: string;
            id: string;
            product: components["schemas"]["ProductResponse"] | null;
            product_id: string;
            product_pricing: components["schemas"]["ProductPricingResponse"] | null;
            product_pricing_id: string;
            /** Format: date-time */
            updated_at: string;
        };
        TermResponse: {
            count: number;
            /** @enum {string} */
            frequency: "HOUR" | "DAY" | "WEEK" | "BI_MONTH" | "MONTH" | "QUARTER" | "BI_ANNUAL" | "YEAR" | "ONETIME";
        };
        BundleResponse: {
            bundle_product_pricings: components["schemas"]["BundleProductPricingResponse"][];
            company_id: string;
            /** Format: date-time */
            created_at: string;
            currency: string;
            description: string | null;
            id: string;
            is_auto_generated: boolean;
            metadata: {
                [key: string]: unknown;
            };
            name: string;
            num_subs: number;
            /** @enum {string} */
            state: "ACTIVE" | "ARCHIVED";
            term: components["schemas"]["TermResponse"];
            /** Format: date-time */
            updated_at: string;
        };
        BundleQueryDto: {
            is_auto_generated?: boolean;
            /** @description case-insensitive substring of name or description */
            search?: string;
            /** @enum {string} */
            state?: "ACTIVE" | "ARCHIVED";
        };
        FindBundlesBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["BundleQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        UpdateBundleDto: {
            name?: string;
            description?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            state?: "ACTIVE" | "ARCHIVED";
        };
        QuantityConfigDto: {
            allow_custom_quantity?: boolean | null;
            max_quantity?: number | null;
            min_quantity?: number | null;
        };
        ConfigItemDto: {
            product_metric_pricing_id?: string | null;
            product_pricing_id?: string | null;
            /** @description Default: `1`. */
            num_licenses?: number | null;
            /** @description Default: `0`. */
            minimum_units?: number | null;
            quantity_config?: components["schemas"]["QuantityConfigDto"] | null;
            hide_at_checkout?: boolean | null;
            sort_order?: number | null;
            upsell_product_metric_pricing_id?: string | null;
        };
        DiscountInputDto: {
            id?: string | null;
            name: string;
            /** @enum {string} */
            type: "DISCOUNT_AMOUNT" | "DISCOUNT_PERCENT";
            amount?: components["schemas"]["MoneyDto"] | null;
            cap?: components["schemas"]["MoneyDto"] | null;
            /** @description a fraction from 0 to 1 (0.5 = 50 %); a number above 1 (a percentage such as 50, as an older reference sample sends) is a 400 naming this range, never read as a percentage */
            percent?: number | null;
            /** Format: date-time */
            expiration_date?: string | null;
            product_pricing_id?: string | null;
            coupon_id?: string | null;
            customer_id?: string | null;
            item_pricing_id?: string | null;
            onetime_billable_id?: string | null;
            product_id?: string | null;
            proposal_id?: string | null;
            subscription_id?: string | null;
            import_created_at_ref?: string | null;
            import_ref?: string | null;
            imported_from?: string | null;
            /** @enum {string|null} */
            state?: "ACTIVE" | null;
        };
        CustomPriceInputDto: {
            amount: components["schemas"]["MoneyDto"];
            product_id?: string | null;
            description?: string | null;
        };
        OnetimeItemDto: {
            aggregate?: number | null;
            custom_price?: components["schemas"]["CustomPriceInputDto"] | null;
            product_pricing_id?: string | null;
            quantity_config?: components["schemas"]["QuantityConfigDto"] | null;
            sort_order?: number | null;
        };
        CreateSubscriptionDto: {
            product_pricing_ids?: string[] | null;
            bundle_pricing_id?: string | null;
            config_items?: components["schemas"]["ConfigItemDto"][];
            term?: components["schemas"]["TermDto"] | null;
            auto_charges?: boolean | null;
            trial?: boolean | null;
            trial_term?: components["schemas"]["TermDto"] | null;
            discounts?: components["schemas"]["DiscountInputDto"][];
            /** @description one-time charges billed once: on a new subscription, on its first invoice; on a change, on the change's invoice (its own invoice when it has one, else the next one, with the NEXT proration lines); see docs/billing-rules.md#one-time-items */
            onetime_items?: components["schemas"]["OnetimeItemDto"][];
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            payment_method_id?: string | null;
            minimum_spend?: components["schemas"]["MoneyDto"] | null;
            /** @description customer id or identifier */
            customer_id: string;
            /**
             * @description must be the pricings' currency (defaults to it)
             * @example USD
             */
            currency?: string | null;
            /**
             * Format: date-time
             * @description past or future; default now
             */
            start_date?: string | null;
            /**
             * Format: date-time
             * @description default start_date (trial end when on trial)
             */
            billing_anchor_date?: string | null;
            /** @description Default: `true`. */
            auto_renews?: boolean | null;
            invoice_due_date_from_creation?: number | null;
            invoice_additional_display_fields?: components["schemas"]["DisplayFieldDto"][] | null;
            override_entitlements?: components["schemas"]["EntitlementAssignmentInputDto"][] | null;
            identifier?: string | null;
        };
        BillingErrorResponse: {
            /**
             * @description stable code of the reason
             * @example amount_out_of_range
             */
            code: string;
            message: string;
            /**
             * Format: date-time
             * @description since when the subscription cannot be billed
             */
            at: string;
        };
        CancelConfigResponse: {
            campaign_id: string | null;
            campaign_step_id: string | null;
            charge_remaining_balance: boolean | null;
            /** Format: date-time */
            custom_end_date: string | null;
            custom_refund_amount: components["schemas"]["MoneyResponse"] | null;
            reason: string | null;
            refund_type: string | null;
            send_customer_receipt: boolean | null;
            timing: string;
        };
        ConfigItemResponse: {
            hide_at_checkout: boolean | null;
            minimum_units: number;
            num_licenses: number;
            product_metric_pricing_id: string | null;
            product_pricing_id: string | null;
            quantity_config: {
                [key: string]: unknown;
            } | null;
            sort_order: number | null;
            upsell_product_metric_pricing_id: string | null;
        };
        PauseConfigResponse: {
            behavior: string;
            /** Format: date-time */
            resume_date: string | null;
        };
        SubscriptionProductPricingResponse: {
            /** Format: date-time */
            created_at: string;
            currency: string;
            external_name: string | null;
            id: string;
            name: string;
            product: {
                [key: string]: unknown;
            } | null;
            product_id: string;
            /** @description product metric pricings, each with minimum_units and num_licenses */
            product_metric_pricings: {
                [key: string]: unknown;
            }[];
            tags: string[];
            type: string;
            /** Format: date-time */
            updated_at: string;
        };
        SubscriptionResponse: {
            arr: components["schemas"]["MoneyResponse"];
            auto_charges: boolean;
            auto_renews: boolean;
            /** Format: date-time */
            billing_anchor_date: string;
            /** @description set when billing runs cannot bill the subscription (`amount_out_of_range`: an amount of its next invoice above 10^12 cents, e.g. from its usage); nothing of it is billed meanwhile, every run tries again, and it is back to null once the subscription bills */
            billing_error: components["schemas"]["BillingErrorResponse"] | null;
            /** @description the bundle, with default_term, deleted_at, image_url, key, import_* */
            bundle_pricing: {
                [key: string]: unknown;
            } | null;
            bundle_pricing_id: string | null;
            cancel_config: components["schemas"]["CancelConfigResponse"] | null;
            /** Format: date-time */
            cancel_date: string | null;
            /** @description the scheduled change while it is pending */
            change_config: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            change_date: string | null;
            company_id: string;
            computed_entitlements: components["schemas"]["EntitlementAssignmentResponse"][];
            config_items: components["schemas"]["ConfigItemResponse"][];
            /** Format: date-time */
            created_at: string;
            /** @description the full customer */
            customer: {
                [key: string]: unknown;
            };
            customer_id: string;
            discounts: {
                [key: string]: unknown;
            }[];
            /** Format: date-time */
            end_date: string | null;
            id: string;
            identifier: string | null;
            invoice_additional_display_fields: components["schemas"]["DisplayFieldDto"][] | null;
            invoice_due_date_from_creation: number | null;
            invoice_payment_instructions: string | null;
            metadata: {
                [key: string]: unknown;
            };
            minimum_spend: components["schemas"]["MoneyResponse"] | null;
            mrr: components["schemas"]["MoneyResponse"];
            /** Format: date-time */
            next_invoice_date: string | null;
            onetime_items: {
                [key: string]: unknown;
            }[];
            override_entitlements: components["schemas"]["EntitlementAssignmentResponse"][];
            pause_config: components["schemas"]["PauseConfigResponse"] | null;
            /** Format: date-time */
            pause_date: string | null;
            /** @description stored and answered; invoices are billed to the subscription customer whatever its value */
            parent_billed: boolean;
            payment_method_id: string | null;
            product_pricing_ids: string[];
            product_pricings: components["schemas"]["SubscriptionProductPricingResponse"][];
            /** Format: date-time */
            renewal_date: string | null;
            /** Format: date-time */
            start_date: string;
            /** @enum {string} */
            status: "active" | "cancelled" | "unpaid";
            tags: string[];
            term: components["schemas"]["TermResponse"];
            trial: boolean;
            /** Format: date-time */
            trial_conversion_date: string | null;
            trial_term: components["schemas"]["TermResponse"] | null;
            /** Format: date-time */
            updated_at: string;
        };
        SubscriptionQueryDto: {
            customer_id?: string;
            /**
             * @description any case (ACTIVE as the reference spells it). active, cancelled, unpaid: the answer's status; ended: the end date has passed (the same as cancelled); paused: paused and not ended (pause_date is set); trial: a trial subscription (trial true) whose trial has not converted yet and that has not ended
             * @enum {string}
             */
            status?: "active" | "cancelled" | "unpaid" | "paused" | "ended" | "trial";
            /** @description any of these (OR); one alone may be a string. any case (ACTIVE as the reference spells it). active, cancelled, unpaid: the answer's status; ended: the end date has passed (the same as cancelled); paused: paused and not ended (pause_date is set); trial: a trial subscription (trial true) whose trial has not converted yet and that has not ended */
            statuses?: ("active" | "cancelled" | "unpaid" | "paused" | "ended" | "trial") | ("active" | "cancelled" | "unpaid" | "paused" | "ended" | "trial")[];
            /** @description the customer's exclude_from_metrics */
            exclude_from_metrics?: boolean;
            /** @description accepted; Tally has no subscription groups yet, so a group_id matches no subscription */
            group_id?: string;
            /** @description the customer's managed_externally */
            managed_externally?: boolean;
            /** @description MRR in cents, as stored at the last write or billing run of the subscription (before discounts and trials) */
            mrr?: components["schemas"]["RangeFilterDto"];
            /** @description the customer's owner_id */
            owner_id?: string;
            /** @description the customer's owner_id among the values (OR); AND only when every value is that one owner; an empty values list is no filter */
            owner_ids?: components["schemas"]["OwnerIdsFilterDto"];
            /** @description the parent_billed the subscription stores (set with PATCH /subscriptions/{id}) */
            parent_billed?: boolean;
            /** @description the customer's parent_customer_id (a customer id) */
            parent_customer_id?: string;
            /** @description the payment method the subscription names (null: the customer default, which this never matches) */
            payment_method_id?: string;
            /** @description products of the plan in effect now (or still to come): AND every product, OR one */
            product_ids?: components["schemas"]["SetFilterDto"];
            /** @description product pricings of the plan in effect now (or still to come): AND every pricing, OR one */
            product_pricing_ids?: components["schemas"]["SetFilterDto"];
            /** @description tags of the plan’s product pricings (in effect now or still to come): AND every tag, OR one */
            product_pricing_tags?: components["schemas"]["SetFilterDto"];
            /** @description tags of the plan’s products (in effect now or still to come): AND every tag, OR one */
            product_tags?: components["schemas"]["SetFilterDto"];
            /** @description the subscription's own tags (set with PATCH /subscriptions/{id}): AND every tag, OR one */
            tags?: components["schemas"]["SetFilterDto"];
            product_pricing_id?: string;
            bundle_pricing_id?: string;
            auto_renews?: boolean;
            auto_charges?: boolean;
            trial?: boolean;
            start_date?: components["schemas"]["DateRangeFilterDto"];
            end_date?: components["schemas"]["DateRangeFilterDto"];
            renewal_date?: components["schemas"]["DateRangeFilterDto"];
            next_invoice_date?: components["schemas"]["DateRangeFilterDto"];
            /** @description subscription id/identifier, customer name/identifier/email */
            search?: string;
        };
        FindSubscriptionsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["SubscriptionQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        UpdateSubscriptionDto: {
            auto_charges?: boolean | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            minimum_spend?: components["schemas"]["MoneyDto"] | null;
            override_entitlements?: components["schemas"]["EntitlementAssignmentInputDto"][] | null;
            payment_method_id?: string | null;
            invoice_due_date_from_creation?: number | null;
            invoice_additional_display_fields?: components["schemas"]["DisplayFieldDto"][] | null;
            /** @description printed on the subscription's invoices written from now on (their payment instructions); null clears it */
            invoice_payment_instructions?: string | null;
            /** @description the customer's parent pays this subscription's invoices. Today it is stored and answered only: invoices are still billed to the subscription's own customer */
            parent_billed?: boolean | null;
            /** @description replaces the subscription's tags (duplicates dropped); null clears them */
            tags?: string[] | null;
        };
        ChangeSubscriptionDto: {
            product_pricing_ids?: string[] | null;
            bundle_pricing_id?: string | null;
            config_items?: components["schemas"]["ConfigItemDto"][];
            term?: components["schemas"]["TermDto"] | null;
            auto_charges?: boolean | null;
            trial?: boolean | null;
            trial_term?: components["schemas"]["TermDto"] | null;
            discounts?: components["schemas"]["DiscountInputDto"][];
            /** @description one-time charges billed once: on a new subscription, on its first invoice; on a change, on the change's invoice (its own invoice when it has one, else the next one, with the NEXT proration lines); see docs/billing-rules.md#one-time-items */
            onetime_items?: components["schemas"]["OnetimeItemDto"][];
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            payment_method_id?: string | null;
            minimum_spend?: components["schemas"]["MoneyDto"] | null;
            /**
             * @description the subscription's currency (any case). A subscription keeps its currency: any other is a 400 (to move a customer to another currency, cancel and create a subscription on pricings of that currency)
             * @example USD
             */
            currency?: string | null;
            /**
             * @description Default: `"NEXT"`.
             * @enum {string|null}
             */
            proration_type?: "NEXT" | "IMMEDIATE" | "NONE" | null;
            /**
             * @description Default: `"IMMEDIATE"`.
             * @enum {string|null}
             */
            timing?: "IMMEDIATE" | "PERIOD_END" | "RENEWAL" | null;
            /**
             * Format: date-time
             * @description overrides timing
             */
            custom_change_date?: string | null;
            reset_billing_anchor?: boolean | null;
        };
        CancelSubscriptionDto: {
            /**
             * @description Default: `"IMMEDIATE"`.
             * @enum {string|null}
             */
            timing?: "IMMEDIATE" | "PERIOD_END" | "RENEWAL" | null;
            /**
             * Format: date-time
             * @description overrides timing; not before start_date
             */
            custom_end_date?: string | null;
            /**
             * @description what the final invoice gives back for the cancelled period: PRORATED a credit of the unused share of what was billed in advance past the end; NONE (the default without custom_refund_amount) nothing; CUSTOM (the default with it) exactly custom_refund_amount (required with it; at most what the cancelled billing period billed in advance, else 400). See docs/billing-rules.md#cancellations
             * @enum {string|null}
             */
            refund_type?: "PRORATED" | "NONE" | "CUSTOM" | null;
            reason?: string | null;
            /** @description true: the final invoice also bills the fixed (advance) charges of the committed term not invoiced yet, from the end of the billed period to the end of the current term (prorated when the term ends inside a period), and gives no credit for the unused time; not with refund_type CUSTOM (400) */
            charge_remaining_balance?: boolean | null;
            /** @description true: when the cancellation takes effect (at once when its end is now or past, else in the billing run that reaches it) every DRAFT or PENDING invoice of the subscription with nothing paid is voided (the credits it consumed come back; the final invoice and partly paid invoices are kept), and nothing of a voided invoice is refunded */
            cancel_pending_invoices?: boolean | null;
            /** @description the credit the final invoice gives for the cancelled period (refund_type CUSTOM, implied when refund_type is absent; 400 with PRORATED or NONE), in the subscription currency, at most what that period billed in advance */
            custom_refund_amount?: components["schemas"]["MoneyDto"] | null;
            customer_cancel_reason?: string | null;
            send_customer_receipt?: boolean | null;
        };
        EmptyBodyDto: Record<string, never>;
        ExtendTrialDto: {
            /**
             * Format: date-time
             * @description the new trial end (after now); null: the trial has no end (trial_conversion_date null, nothing is billed and MRR stays 0 until a later extend gives an end or a change with trial: false ends it)
             */
            end_date: string | null;
        };
        PauseSubscriptionDto: {
            /** @description what happens to invoices while paused. Default: `"KEEP_AS_DRAFT"`. */
            behavior?: string | null;
            /** Format: date-time */
            resume_date?: string | null;
        };
        SubscriptionUsageDto: {
            product_metric_pricing_id: string;
            period: components["schemas"]["UsagePeriodDto"];
        };
        UsagePeriodResponse: {
            /** Format: date-time */
            start_date: string;
            /** Format: date-time */
            end_date: string;
        };
        UsageBreakdownEntryResponse: {
            value: number;
            period: components["schemas"]["UsagePeriodResponse"];
            /** @description the metric's group_keys and their values */
            grouping: {
                [key: string]: unknown;
            };
            /** @description always {} (Tally has no break-out dimension besides grouping) */
            breakout: {
                [key: string]: unknown;
            };
        };
        UsageRecordResponse: {
            value: number;
            period: components["schemas"]["UsagePeriodResponse"];
            /** @description always null: Tally keeps no per-subscription metric records */
            subscription_metric_record_id: string | null;
            breakdown: components["schemas"]["UsageBreakdownEntryResponse"][];
        };
        SubscriptionUsageResponse: {
            metric: components["schemas"]["BillableMetricResponse"];
            /** @description one record: the period asked */
            usage: components["schemas"]["UsageRecordResponse"][];
            /** @description the older reference answer's object: the product metric pricing asked, as the pricing's product_metric_pricings show it */
            product_metric_pricing: components["schemas"]["ProductMetricPricingResponse"];
            product_metric_pricing_id: string;
            metric_id: string;
            value: number;
            breakdown: {
                [key: string]: unknown;
            }[];
        };
        NextInvoiceDto: {
            /** @description ISO 4217, upper case; must be the subscription currency */
            currency: string;
            /** @description customer id or identifier */
            customer_id: string;
            /** @description null: the customer's oldest live subscription in `currency` */
            subscription_id: string | null;
            /** @description taxes are not computed by this service (no tax lines) */
            include_taxes?: boolean | null;
            cancel_config?: components["schemas"]["CancelSubscriptionDto"] | null;
            change_config?: components["schemas"]["ChangeSubscriptionDto"] | null;
        };
        InvoicePeriodResponse: {
            /** Format: date-time */
            start_date: string | null;
            /** Format: date-time */
            end_date: string | null;
        };
        InvoiceLineResponse: {
            position: number;
            /** @description CHARGE, BASE, MINIMUM_SPEND, DISCOUNT, CREDIT, ... */
            kind: string;
            name: string;
            period: components["schemas"]["InvoicePeriodResponse"] | null;
            quantity: number | null;
            /** @description cents, may be fractional */
            unit_price: number | null;
            amount: components["schemas"]["MoneyResponse"];
            prorated: boolean;
            product_pricing_id: string | null;
            product_metric_pricing_id: string | null;
            item_id: string | null;
            one_time_id: string | null;
        };
        InvoicePreviewResponse: {
            company_id: string;
            number: number | null;
            name: string | null;
            /** @enum {string} */
            status: "DRAFT" | "PENDING" | "OVERDUE" | "PAID" | "VOID";
            customer_id: string;
            billed_customer_id: string;
            customer: components["schemas"]["CustomerResponse"] | null;
            subscription_id: string | null;
            currency: string | null;
            /** Format: date-time */
            invoice_date: string;
            /** Format: date-time */
            period_start: string | null;
            /** Format: date-time */
            period_end: string | null;
            /** Format: date-time */
            due_date: string;
            /** Format: date-time */
            paid_date: string | null;
            /** @description before discounts and credits */
            sub_total: components["schemas"]["MoneyResponse"];
            discount_total: components["schemas"]["MoneyResponse"];
            credits_applied: components["schemas"]["MoneyResponse"];
            /** @description after discounts and credits */
            total: components["schemas"]["MoneyResponse"];
            paid: components["schemas"]["MoneyResponse"];
            /** @description total − paid, never below 0 */
            due: components["schemas"]["MoneyResponse"];
            prorated_amount: components["schemas"]["MoneyResponse"];
            auto_charges: boolean;
            /** @description the hosted invoice page (secret link, no token needed); null on a DRAFT */
            hosted_link: string | null;
            /** @description the invoice as a PDF (secret link); null on a DRAFT */
            pdf_link: string | null;
            metadata: {
                [key: string]: unknown;
            };
            notes: string | null;
            items: components["schemas"]["InvoiceLineResponse"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * Format: uuid
             * @description null: the invoice is not written yet
             */
            uuid: string | null;
            /** @description null: the invoice is not written yet */
            id: string | null;
        };
        InvoiceResponse: {
            /** Format: uuid */
            uuid: string;
            /** @description internal id (inv_…); the API addresses invoices by uuid */
            id: string;
            company_id: string;
            number: number | null;
            name: string | null;
            /** @enum {string} */
            status: "DRAFT" | "PENDING" | "OVERDUE" | "PAID" | "VOID";
            customer_id: string;
            billed_customer_id: string;
            customer: components["schemas"]["CustomerResponse"] | null;
            subscription_id: string | null;
            currency: string | null;
            /** Format: date-time */
            invoice_date: string;
            /** Format: date-time */
            period_start: string | null;
            /** Format: date-time */
            period_end: string | null;
            /** Format: date-time */
            due_date: string;
            /** Format: date-time */
            paid_date: string | null;
            /** @description before discounts and credits */
            sub_total: components["schemas"]["MoneyResponse"];
            discount_total: components["schemas"]["MoneyResponse"];
            credits_applied: components["schemas"]["MoneyResponse"];
            /** @description after discounts and credits */
            total: components["schemas"]["MoneyResponse"];
            paid: components["schemas"]["MoneyResponse"];
            /** @description total − paid, never below 0 */
            due: components["schemas"]["MoneyResponse"];
            prorated_amount: components["schemas"]["MoneyResponse"];
            auto_charges: boolean;
            /** @description the hosted invoice page (secret link, no token needed); null on a DRAFT */
            hosted_link: string | null;
            /** @description the invoice as a PDF (secret link); null on a DRAFT */
            pdf_link: string | null;
            metadata: {
                [key: string]: unknown;
            };
            notes: string | null;
            items: components["schemas"]["InvoiceLineResponse"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        InvoiceQueryDto: {
            auto_charges?: boolean;
            /** @description true: leaves out invoices whose total is 0; false: no filter */
            hide_zero?: boolean;
            /** @description Tally e-mails no invoice itself: an invoice counts as sent once it is finalized (issued with its number and hosted link); true: finalized (PENDING, OVERDUE, PAID, or voided after finalizing), false: never finalized (DRAFT, or a voided draft) */
            invoice_sent?: boolean;
            /** @description the customer's managed_externally */
            managed_externally?: boolean;
            /** @description the customer's owner_id among the values (OR); AND only when every value is that one owner; an empty values list is no filter */
            owner_ids?: components["schemas"]["OwnerIdsFilterDto"];
            /** @description payment method ids (pm_…): the invoice belongs to a subscription that names one of them (OR) as its payment_method_id; invoices of subscriptions on the customer's default card and one-time invoices do not match */
            payment_methods?: components["schemas"]["SetFilterDto"];
            /** @description products of the invoice lines: AND every product, OR one */
            product_ids?: components["schemas"]["SetFilterDto"];
            /** @description product pricings of the invoice lines: AND every pricing, OR one */
            product_pricing_ids?: components["schemas"]["SetFilterDto"];
            /** @description tags of the product pricings of the invoice lines: AND every tag, OR one */
            product_pricing_tags?: components["schemas"]["SetFilterDto"];
            /** @description tags of the products of the invoice lines: AND every tag, OR one */
            product_tags?: components["schemas"]["SetFilterDto"];
            customer_id?: string;
            billed_customer_id?: string;
            subscription_id?: string;
            /**
             * @description as responses read it: OVERDUE is PENDING past due_date, PENDING is not past it
             * @enum {string}
             */
            status?: "DRAFT" | "PENDING" | "OVERDUE" | "PAID" | "VOID";
            /** @description any of these (OR); one status alone may be a string */
            statuses?: ("DRAFT" | "PENDING" | "OVERDUE" | "PAID" | "VOID") | ("DRAFT" | "PENDING" | "OVERDUE" | "PAID" | "VOID")[];
            /** @example USD */
            currency?: string;
            /** @description the invoice number */
            invoice_number?: number | string;
            /** Format: uuid */
            uuid?: string;
            /** @description case-insensitive substring of the number, the name, or the customer name, identifier or e-mail */
            search?: string;
            /** @description cents */
            total?: components["schemas"]["RangeFilterDto"];
            /** @description cents */
            due?: components["schemas"]["RangeFilterDto"];
            /** @description cents */
            paid?: components["schemas"]["RangeFilterDto"];
            invoice_date?: components["schemas"]["DateRangeFilterDto"];
            due_date?: components["schemas"]["DateRangeFilterDto"];
            paid_date?: components["schemas"]["DateRangeFilterDto"];
        };
        FindInvoicesBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["InvoiceQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        InvoiceLinkResponse: {
            /**
             * @description the hosted invoice page: a secret link (no token needed) that never expires; its PDF is this URL + /pdf
             * @example https://billing.example.com/invoices/pay/cmp_01jz3k4m5n6p7q8r9s0t1v2w3x_Vq3…
             */
            url: string;
            /** @description the same URL, under the name the reference uses */
            link: string;
        };
        UpdateInvoiceDto: {
            /**
             * Format: date-time
             * @description not before invoice_date
             */
            due_date?: string | null;
            /** @description replaces the metadata (null clears it); free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            notes?: string | null;
        };
        VoidInvoiceDto: Record<string, never>;
        PaymentAmountDto: {
            /**
             * @description must be the invoice's currency (defaults to it)
             * @example USD
             */
            currency?: string | null;
            /**
             * @description integer cents > 0, at most the amount due
             * @example 1000
             */
            value_in_cents: number;
        };
        MarkInvoicePaidDto: {
            amount: components["schemas"]["PaymentAmountDto"];
            /** @enum {string} */
            provider_type: "WIRE" | "CHEQUE" | "CASH" | "CREDIT_CARD_OFFLINE" | "PROVIDER_A" | "PROVIDER_B" | "PROVIDER_C" | "BANK_TRANSFER" | "INTERNAL";
            /** @description e.g. the transaction or cheque number */
            notes?: string | null;
            /**
             * Format: date-time
             * @description default: now
             */
            paid_date?: string | null;
        };
        OneTimeMoneyDto: {
            /**
             * @description the currency of the request (defaults to it)
             * @example USD
             */
            currency?: string | null;
            /** @example 5000 */
            value_in_cents: number;
        };
        OneTimeCustomPriceDto: {
            /** @description price of one unit (× aggregate) */
            amount: components["schemas"]["OneTimeMoneyDto"];
            product_id?: string | null;
            /** @description the name of the charge */
            description?: string | null;
        };
        OneTimeItemDto: {
            /** @description quantity (> 0, may be fractional). Default: `1`. */
            aggregate?: number | null;
            custom_price?: components["schemas"]["OneTimeCustomPriceDto"] | null;
            product_pricing_id?: string | null;
            quantity_config?: components["schemas"]["QuantityConfigDto"] | null;
            sort_order?: number | null;
        };
        CreateOneTimesDto: {
            /** @description customer id or identifier */
            customer_id: string;
            onetime_items: components["schemas"]["OneTimeItemDto"][];
            /**
             * @description IMMEDIATE: an invoice of their own now; NEXT: on the next invoice. Left out (the reference requires only customer_id and onetime_items): IMMEDIATE, a charge billed when it is made. Default: `"IMMEDIATE"`.
             * @enum {string|null}
             */
            type?: "IMMEDIATE" | "NEXT" | null;
            auto_charges?: boolean | null;
            discounts?: components["schemas"]["DiscountInputDto"][] | null;
            /**
             * Format: date-time
             * @description IMMEDIATE: the invoice date (default now)
             */
            invoice_date?: string | null;
            /** @description days from the invoice date to its due date. Default: `30`. */
            invoice_due_date_from_creation?: number | null;
            invoice_payment_instructions?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            notes?: string | null;
        };
        OneTimeCustomPriceResponse: {
            amount: components["schemas"]["MoneyResponse"];
            product_id: string | null;
            description: string | null;
        };
        QuantityConfigResponse: {
            allow_custom_quantity: boolean | null;
            max_quantity: number | null;
            min_quantity: number | null;
        };
        OneTimeBillableResponse: {
            aggregate: number;
            company_id: string;
            /** Format: date-time */
            created_at: string;
            custom_price: components["schemas"]["OneTimeCustomPriceResponse"] | null;
            customer_id: string | null;
            /** Format: date-time */
            deleted_at: string | null;
            /** @example otb_01j… */
            id: string;
            import_ref: string | null;
            imported_from: string | null;
            /** @description internal id (inv_…) of the invoice that carries it */
            invoice_id: string | null;
            /**
             * Format: uuid
             * @description uuid of that invoice (GET /invoices/{uuid})
             */
            invoice_uuid: string | null;
            name: string;
            product_pricing: components["schemas"]["ProductPricingResponse"] | null;
            product_pricing_id: string | null;
            proposal_id: string | null;
            quantity_config: components["schemas"]["QuantityConfigResponse"] | null;
            sort_order: number | null;
            /** @enum {string} */
            state: "PENDING" | "INVOICED" | "VOID";
            /** @enum {string} */
            type: "IMMEDIATE" | "NEXT";
            /** Format: date-time */
            updated_at: string;
        };
        OneTimeQueryDto: {
            customer_id?: string;
            /** @enum {string} */
            state?: "PENDING" | "INVOICED" | "VOID";
            /** @enum {string} */
            type?: "IMMEDIATE" | "NEXT";
        };
        FindOneTimesBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["OneTimeQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        CustomerSummaryResponse: {
            email: string | null;
            id: string;
            identifier: string | null;
            name: string | null;
            org_name: string | null;
            parent_customer: components["schemas"]["CustomerSummaryResponse"] | null;
            parent_customer_id: string | null;
        };
        PaymentMethodSnapshotResponse: {
            brand: string | null;
            last_4: string | null;
            name: string | null;
            type: string | null;
        };
        PaymentTransactionResponse: {
            /** @description always 0 (no platform fee) */
            application_fee_amount: components["schemas"]["MoneyResponse"];
            company_id: string;
            connected_account_transaction: boolean;
            /** Format: date-time */
            created_at: string;
            customer: components["schemas"]["CustomerSummaryResponse"] | null;
            customer_id: string;
            /** Format: date-time */
            deleted_at: string | null;
            disallow_partial_refund: boolean | null;
            /** @example txn_01j… */
            id: string;
            initiated_by: string | null;
            initiated_by_type: string | null;
            /** @description internal id of the invoice (inv_…) */
            invoice_id: string | null;
            invoice_number: number | null;
            /** Format: uuid */
            invoice_uuid: string | null;
            /** @description a PAYMENT with something left to refund */
            is_refundable: boolean;
            /** @description always false: transactions are settled when recorded */
            is_voidable: boolean;
            /** @description total_amount − total_fee_amount */
            net_amount: components["schemas"]["MoneyResponse"];
            note: string | null;
            /** @description the PAYMENT a REFUND gives money back from */
            parent_transaction_id: string | null;
            payment_method: components["schemas"]["PaymentMethodSnapshotResponse"] | null;
            /** @description fee charged by the payment processor */
            processor_fee_amount: components["schemas"]["MoneyResponse"];
            proposal_id: string | null;
            provider_transaction_id: string | null;
            /** @enum {string} */
            provider_type: "WIRE" | "CHEQUE" | "CASH" | "CREDIT_CARD_OFFLINE" | "PROVIDER_A" | "PROVIDER_B" | "PROVIDER_C" | "BANK_TRANSFER" | "INTERNAL" | "SANDBOX";
            /** @description total_amount − refunded_amount for a PAYMENT; 0 otherwise */
            refundable_amount: components["schemas"]["MoneyResponse"];
            refunded_amount: components["schemas"]["MoneyResponse"];
            /** @enum {string} */
            status: "SUCCEEDED" | "FAILED" | "PENDING" | "REFUNDED" | "PARTIALLY_REFUNDED";
            status_message: string | null;
            total_amount: components["schemas"]["MoneyResponse"];
            total_amount_default_currency: components["schemas"]["MoneyResponse"];
            total_fee_amount: components["schemas"]["MoneyResponse"];
            /** @enum {string} */
            transaction_type: "PAYMENT" | "REFUND";
            /** Format: date-time */
            updated_at: string;
        };
        TotalAmountFilterDto: {
            eq?: number;
            gt?: number;
            gte?: number;
            lte?: number;
        };
        PaymentTransactionQueryDto: {
            /** @example USD */
            currency?: string;
            customer_id?: string;
            invoice_number?: number;
            /** Format: uuid */
            invoice_uuid?: string;
            provider_transaction_ids?: string[];
            /** @enum {string} */
            provider_type?: "WIRE" | "CHEQUE" | "CASH" | "CREDIT_CARD_OFFLINE" | "PROVIDER_A" | "PROVIDER_B" | "PROVIDER_C" | "BANK_TRANSFER" | "INTERNAL" | "SANDBOX";
            /** @description case-insensitive substring of id, note, provider_transaction_id, status_message, invoice number or customer name */
            search?: string;
            /** @description include transactions of connected accounts (there are none: a filter on connected_account_transaction when false) */
            show_connected_account?: boolean;
            /** @enum {string} */
            status?: "SUCCEEDED" | "FAILED" | "PENDING" | "REFUNDED" | "PARTIALLY_REFUNDED";
            total_amount?: components["schemas"]["TotalAmountFilterDto"];
            /** @enum {string} */
            transaction_type?: "PAYMENT" | "REFUND";
        };
        FindPaymentTransactionsBody: {
            pagination: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["PaymentTransactionQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | "totalAmountAsc" | "totalAmountDesc" | null;
            include_meta?: boolean | null;
        };
        RefundAmountDto: {
            /**
             * @description must be the payment's currency (defaults to it)
             * @example USD
             */
            currency?: string | null;
            /** @description integer cents > 0, at most refundable_amount */
            value_in_cents: number;
        };
        RefundTransactionDto: {
            /** @description omitted: everything still refundable */
            amount?: components["schemas"]["RefundAmountDto"] | null;
            /** @description internal note */
            note?: string | null;
            /** @enum {string|null} */
            reason?: "duplicate" | "fraudulent" | "requested_by_customer" | "expired_uncaptured_charge" | null;
        };
        AttachPaymentMethodDto: {
            /**
             * @description a processor token; the sandbox knows tok_visa, tok_chargeDeclined and tok_insufficientFunds
             * @example tok_visa
             */
            token: string;
        };
        PaymentMethodResponse: {
            /** @example pm_01j… */
            id: string;
            customer_id: string;
            /** @example card */
            type: string;
            /** @example visa */
            brand: string;
            /** @example 4242 */
            last_4: string;
            exp_month: number;
            exp_year: number;
            default: boolean;
            /** @example SANDBOX */
            provider_type: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description the card's issuing country (ISO 3166-1 alpha-2) when the processor reports it; null with the sandbox */
            country: string | null;
            /** @description the holder's name when the processor reports it; null with the sandbox */
            name: string | null;
            /** @description the holder's billing e-mail when the processor reports it; null with the sandbox */
            billing_email: string | null;
            /** @description a bank-debit mandate; always null (Tally takes cards only) */
            mandate_id: string | null;
            /** @description a bank account's institution number; always null (cards only) */
            institution_number: string | null;
            /** @description a bank account's routing number; always null (cards only) */
            routing_number: string | null;
            /** @description a bank account's transit number; always null (cards only) */
            transit_number: string | null;
            /**
             * @description the key of the payment processor that holds the method (the same value as provider_type)
             * @example SANDBOX
             */
            payment_provider_key: string | null;
        };
        UpdatePaymentMethodDto: {
            /** @description true makes this the customer's default (false is ignored: there is always one default) */
            default?: boolean | null;
            /** @description with default: true, also moves the customer's live subscriptions that name another payment method onto this one */
            update_subscriptions_non_default_payment?: boolean | null;
        };
        SubscriptionCustomerPmResponse: {
            /** @description the card that pays the subscription: its payment_method_id, else the customer's default (null: none) */
            method: components["schemas"]["PaymentMethodResponse"] | null;
            /** @description the subscription, as GET /subscriptions/{id} answers it */
            subscription: {
                [key: string]: unknown;
            };
        };
        UpdatePaymentMethodResponse: {
            /** @example pm_01j… */
            id: string;
            customer_id: string;
            /** @example card */
            type: string;
            /** @example visa */
            brand: string;
            /** @example 4242 */
            last_4: string;
            exp_month: number;
            exp_year: number;
            default: boolean;
            /** @example SANDBOX */
            provider_type: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description the card's issuing country (ISO 3166-1 alpha-2) when the processor reports it; null with the sandbox */
            country: string | null;
            /** @description the holder's name when the processor reports it; null with the sandbox */
            name: string | null;
            /** @description the holder's billing e-mail when the processor reports it; null with the sandbox */
            billing_email: string | null;
            /** @description a bank-debit mandate; always null (Tally takes cards only) */
            mandate_id: string | null;
            /** @description a bank account's institution number; always null (cards only) */
            institution_number: string | null;
            /** @description a bank account's routing number; always null (cards only) */
            routing_number: string | null;
            /** @description a bank account's transit number; always null (cards only) */
            transit_number: string | null;
            /**
             * @description the key of the payment processor that holds the method (the same value as provider_type)
             * @example SANDBOX
             */
            payment_provider_key: string | null;
            /** @description the payment method, after the update */
            method: components["schemas"]["PaymentMethodResponse"];
            /** @description the customer's live subscriptions (oldest first), each with the card that pays it after the update */
            subscription_customer_pm: components["schemas"]["SubscriptionCustomerPmResponse"][];
        };
        CreditMoneyDto: {
            /** @example USD */
            currency: string;
            /** @example 5000 */
            value_in_cents: number;
        };
        ApplyToOpenInvoicesDto: {
            /** @description apply the new credit at once to the customer's PENDING invoices (oldest first) */
            enable: boolean;
            /** @description only these invoices (uuids); all PENDING invoices when absent */
            invoice_uuids?: string[] | null;
        };
        CreateCreditDto: {
            /** @description customer id or identifier */
            customer_id: string;
            /** @example Goodwill credit */
            name: string;
            /** @enum {string} */
            type: "AMOUNT" | "UNITS";
            /** @description required for AMOUNT credits (> 0) */
            amount?: components["schemas"]["CreditMoneyDto"] | null;
            /** @description required for UNITS credits (an integer > 0) */
            units?: number | null;
            /** @description billable item of a UNITS credit (required for UNITS) */
            item_id?: string | null;
            /**
             * Format: date-time
             * @description in the future; never expires when absent
             */
            expiration_date?: string | null;
            /** @description a subscription of the customer */
            subscription_id?: string | null;
            /**
             * @description the state the credit is issued in (the reference sends "ACTIVE"; any case). A credit is always issued ACTIVE: CONSUMED, EXPIRED and REVOKED are reached through consumption, its expiration_date and DELETE /credits/{id}, so asking for them here is a 400
             * @enum {string|null}
             */
            state?: "ACTIVE" | null;
            apply_to_open_invoices?: components["schemas"]["ApplyToOpenInvoicesDto"] | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
        };
        CreditMoneyResponse: {
            currency: string;
            value_in_cents: number;
        };
        CreditResponse: {
            id: string;
            company_id: string;
            customer_id: string;
            subscription_id: string | null;
            name: string;
            /** @enum {string} */
            type: "AMOUNT" | "UNITS";
            /**
             * @description an ACTIVE credit past its expiration_date reads EXPIRED
             * @enum {string}
             */
            state: "ACTIVE" | "CONSUMED" | "EXPIRED" | "REVOKED";
            /** @description what remains (AMOUNT credits; null for UNITS) */
            amount: components["schemas"]["CreditMoneyResponse"] | null;
            /** @description what was granted (AMOUNT credits; null for UNITS) */
            issued_amount: components["schemas"]["CreditMoneyResponse"] | null;
            /** @description units that remain (UNITS credits; 0 for AMOUNT) */
            units: number;
            /** @description units granted (UNITS credits; 0 for AMOUNT) */
            issued_units: number;
            item_id: string | null;
            item: components["schemas"]["BillableItemResponse"] | null;
            /** Format: date-time */
            expiration_date: string | null;
            /** @description always null */
            coupon_id: string | null;
            /** @description always null */
            import_created_at_ref: string | null;
            /** @description always null */
            import_ref: string | null;
            /** @description always null */
            imported_from: string | null;
            /** @description always null */
            metric_record_id: string | null;
            /** @description a credit granted by a credit pack bought as a one-time charge (`credit_price`): that one-time billable; else null */
            one_time_billable_id: string | null;
            /** @description always null */
            proration_date: string | null;
            metadata: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreditQueryDto: {
            /** @description customer id or identifier */
            customer_id?: string;
            subscription_id?: string;
            /**
             * @description the credit state, any case
             * @enum {string}
             */
            status?: "ACTIVE" | "CONSUMED" | "EXPIRED" | "REVOKED";
            /** @description any of these (OR), any case; one state alone may be a string */
            statuses?: ("ACTIVE" | "CONSUMED" | "EXPIRED" | "REVOKED") | ("ACTIVE" | "CONSUMED" | "EXPIRED" | "REVOKED")[];
            /**
             * @description any case
             * @enum {string}
             */
            type?: "AMOUNT" | "UNITS";
            /** @description any case */
            currency?: string;
            /** @description case-insensitive substring of the name */
            search?: string;
        };
        FindCreditsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["CreditQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        CreditUnitsBalanceResponse: {
            item_id: string;
            item: components["schemas"]["BillableItemResponse"];
            /** @description units left in the usable credits of this item */
            units: number;
            /** @description usable credits of this item holding them */
            credits: number;
            /**
             * Format: date-time
             * @description soonest expiration among them (null: none expires)
             */
            next_expiration_date: string | null;
        };
        ConsumeCreditsDto: {
            /** @description customer id or identifier */
            customer_id: string;
            /** @enum {string} */
            type: "AMOUNT" | "UNITS";
            /** @description AMOUNT: how much to consume (> 0) */
            amount?: components["schemas"]["CreditMoneyDto"] | null;
            /** @description UNITS: how many units to consume (an integer > 0) */
            units?: number | null;
            /** @description UNITS: the billable item (required unless credit_id is given) */
            item_id?: string | null;
            /** @description consume from this credit only */
            credit_id?: string | null;
            note?: string | null;
        };
        CreditLogResponse: {
            id: string;
            company_id: string;
            /** @enum {string} */
            action_type: "ISSUED" | "CONSUMED" | "EXPIRED" | "REVOKED" | "RESTORED";
            /** @enum {string} */
            type: "AMOUNT" | "UNITS";
            /** @description cents issued, consumed, expired or revoked; for UNITS entries the value of the units on the invoice, else null */
            amount_applied: components["schemas"]["CreditMoneyResponse"] | null;
            /** @description units issued, consumed, expired or revoked (0 for AMOUNT) */
            units_applied: number;
            note: string | null;
            credit_id: string;
            credit: components["schemas"]["CreditResponse"];
            customer_id: string;
            customer: components["schemas"]["CustomerSummaryResponse"];
            /** @description internal invoice id (inv_…) */
            invoice_id: string | null;
            /** @description the invoice (as GET /invoices/{uuid}) */
            invoice: {
                [key: string]: unknown;
            } | null;
            item_id: string | null;
            item: components["schemas"]["BillableItemResponse"] | null;
            /** @description always null */
            metric_record_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ConsumeCreditsResponse: {
            /** @description the customer's balance after the consumption: cents left in usable AMOUNT credits, by currency ({"USD": 4500}) */
            total_amount: {
                [key: string]: number;
            };
            /** @description the customer's balance after the consumption: units left in usable UNITS credits, by billable item id */
            total_units: {
                [key: string]: number;
            };
            /** @description total_units with each item, the number of credits and their soonest expiration, by billable item id */
            total_units_with_meta: {
                [key: string]: components["schemas"]["CreditUnitsBalanceResponse"];
            };
            customer_id: string;
            /** @enum {string} */
            type: "AMOUNT" | "UNITS";
            /** @description AMOUNT: what was consumed (null for UNITS) */
            consumed_amount: components["schemas"]["CreditMoneyResponse"] | null;
            /** @description UNITS: units consumed (null for AMOUNT) */
            consumed_units: number | null;
            /** @description the credits consumed from, as they are now, in consumption order */
            credits: components["schemas"]["CreditResponse"][];
            /** @description one CONSUMED entry per credit touched */
            logs: components["schemas"]["CreditLogResponse"][];
        };
        CreditLogQueryDto: {
            /**
             * @description any case
             * @enum {string}
             */
            action_type?: "ISSUED" | "CONSUMED" | "EXPIRED" | "REVOKED" | "RESTORED";
            credit_id?: string;
            /** @description customer id or identifier */
            customer_id?: string;
            /** @description invoice id (inv_…) or uuid */
            invoice_id?: string;
            /** @description exact note */
            note?: string;
            /** @description case-insensitive substring of the note or of the credit's name */
            search?: string;
            /**
             * @description any case
             * @enum {string}
             */
            type?: "AMOUNT" | "UNITS";
        };
        FindCreditLogsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["CreditLogQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        CompletionOptionsDto: {
            /** @description Tally has no promotion codes: false (or left out) is accepted and answered; true is a 400 invalid_field naming options.allow_promo_code, rather than a page that would silently offer no code field. Default: `false`. */
            allow_promo_code?: boolean | null;
            /**
             * @description what the hosted page does once the buyer is done (checkout paid, or a signature recorded on a contract): REDIRECT answers a 303 to redirect_url (and the page lets its form lead to that origin); CONFIRMATION_MESSAGE shows the page with confirmation_message. REDIRECT needs redirect_url; default CONFIRMATION_MESSAGE (REDIRECT when redirect_url is given)
             * @enum {string|null}
             */
            completion_action?: "REDIRECT" | "CONFIRMATION_MESSAGE" | null;
            /** @description shown (as plain text) on the page after completion in place of the page's own thanks; null: the page's own */
            confirmation_message?: string | null;
            /** @description absolute http(s) URL the browser is sent to after completion (REDIRECT) */
            redirect_url?: string | null;
            /** @description the page asks for a billing address, required before it completes, and saves it on the customer (checkout: with the buyer's details; a contract's signing page: with the signature). Default: `false`. */
            requires_customer_address?: boolean | null;
        };
        SignatoryInputDto: {
            /** @description unique within the contract (case-insensitive) */
            email: string;
            name?: string | null;
            title?: string | null;
            /** @description signing order; default: place in the list (1, 2, ...) */
            position?: number | null;
        };
        CreateContractDto: {
            /** @description customer id or identifier */
            customer_id: string;
            /**
             * @description the reference's proposal type: CONTRACT (checkout sessions are made by POST /checkout)
             * @enum {string|null}
             */
            type?: "CONTRACT" | null;
            /** @description a contract template (POST /contract_templates): its content becomes the contract's, and custom_variables fill its variables (defaults for those left out; one without default is required). Not together with content */
            template_id?: string | null;
            /** @description what the signing page does once a signatory has signed: completion_action REDIRECT answers a 303 to redirect_url (an absolute http(s) URL; the page lets its form lead to that origin), else the page shows confirmation_message in place of its own text; requires_customer_address makes the page ask for a billing address, saved on the customer with the signature. allow_promo_code true is a 400 (Tally has no promotion codes) */
            options?: components["schemas"]["CompletionOptionsDto"] | null;
            /** @description the signing page takes a card (a sandbox token) before a signature counts, until one signatory has given one: a signature without it is refused on the page. The card is attached to the customer and the subscription the contract starts is charged to it automatically (auto_charges on). Signatures recorded through the API do not ask for one. Default: `false`. */
            requires_payment_method?: boolean | null;
            /** @description the subscription created when the contract executes starts with a trial of trial_term (required with it). Default: `false`. */
            trial?: boolean | null;
            /** @description the trial length (with trial: true) */
            trial_term?: components["schemas"]["TermDto"] | null;
            title: string;
            signatories?: components["schemas"]["SignatoryInputDto"][] | null;
            /** @description exactly one of product_pricing_ids and bundle_pricing_id */
            product_pricing_ids?: string[] | null;
            bundle_pricing_id?: string | null;
            config_items?: components["schemas"]["ConfigItemDto"][] | null;
            /** @description default: the bundle's term, else the first recurring price's period */
            term?: components["schemas"]["TermDto"] | null;
            /**
             * Format: date-time
             * @description start of the subscription (default: when executed); may be in the future
             */
            start_date?: string | null;
            /**
             * Format: date-time
             * @description unsigned after this instant, the contract is EXPIRED
             */
            expiration_date?: string | null;
            /** @description Default: `true`. */
            auto_renews?: boolean | null;
            /** @description Default: `false`. */
            auto_charges?: boolean | null;
            discounts?: components["schemas"]["DiscountInputDto"][] | null;
            onetime_items?: components["schemas"]["OnetimeItemDto"][] | null;
            /** @description values for {{name}} placeholders of content */
            custom_variables?: {
                [key: string]: unknown;
            } | null;
            /** @description the text of the contract (plain text) */
            content?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            owner_id?: string | null;
            /**
             * @description Default: `"DRAFT"`.
             * @enum {string|null}
             */
            status?: "DRAFT" | "PENDING_SIGNATURES" | null;
        };
        CompletionOptionsResponse: {
            allow_promo_code: boolean;
            /** @enum {string} */
            completion_action: "REDIRECT" | "CONFIRMATION_MESSAGE";
            confirmation_message: string | null;
            redirect_url: string | null;
            requires_customer_address: boolean;
        };
        SignatoryResponse: {
            declined: boolean;
            email: string;
            name: string | null;
            position: number;
            signature_id: string | null;
            /** @description absolute link of this signatory's hosted signing page */
            signature_link: string;
            signed: boolean;
            /** Format: date-time */
            signed_date: string | null;
            /** @description digest of the terms this signature signed (the contract's terms_digest at the time); null while not signed */
            terms_digest: string | null;
            title: string | null;
            view_timestamps: string[];
        };
        ContractResponse: {
            /** @description annual contract value: recurring charges for the configured quantities over 12 months, after discounts */
            acv: components["schemas"]["MoneyResponse"];
            auto_charges: boolean;
            auto_renews: boolean;
            /** @description the bundle, expanded */
            bundle_pricing: {
                [key: string]: unknown;
            } | null;
            bundle_pricing_id: string | null;
            campaigns: {
                [key: string]: unknown;
            }[];
            /** Format: date-time */
            change_custom_date: string | null;
            change_proration_type: string | null;
            change_reset_billing_anchor: boolean | null;
            change_timing: string | null;
            company: components["schemas"]["CompanyRecordResponse"];
            company_id: string;
            /** Format: date-time */
            completed_date: string | null;
            config_items: components["schemas"]["ConfigItemResponse"][];
            /** @description the text of the contract, with its {{variable}} placeholders */
            content: string | null;
            /** @description the text of the template the contract was made from (template_id), with its placeholders; null without template */
            content_template: string | null;
            /** @description content with custom_variables filled in (what the signing page shows); null without content */
            rendered_content: string | null;
            template_id: string | null;
            /** @enum {string} */
            type: "CONTRACT";
            /** @description as given, defaults filled; see the request field */
            options: components["schemas"]["CompletionOptionsResponse"] | null;
            /** @description the signing page takes a card before a signature counts (see the request field) */
            requires_payment_method: boolean;
            /** @description the card given on the signing page (one of the customer's payment methods); the subscription is charged to it */
            payment_method_id: string | null;
            trial: boolean;
            trial_term: components["schemas"]["TermResponse"] | null;
            contract_attachments: {
                [key: string]: unknown;
            }[];
            counter_signatories: {
                [key: string]: unknown;
            }[];
            /** Format: date-time */
            created_at: string;
            currency: string;
            custom_variables: {
                [key: string]: unknown;
            };
            customer: components["schemas"]["CustomerResponse"];
            customer_id: string;
            discounts: {
                [key: string]: unknown;
            }[];
            /** Format: date-time */
            expiration_date: string | null;
            id: string;
            metadata: {
                [key: string]: unknown;
            };
            onetime_items: {
                [key: string]: unknown;
            }[];
            owner_id: string | null;
            product_pricing_ids: string[];
            product_pricings: components["schemas"]["ProductPricingResponse"][];
            signatories: components["schemas"]["SignatoryResponse"][];
            /** Format: date-time */
            start_date: string | null;
            /** @enum {string} */
            status: "DRAFT" | "PENDING_SIGNATURES" | "EXECUTED" | "EXPIRED" | "VOID";
            /** @description the subscription created when the contract was executed */
            subscription_id: string | null;
            term: components["schemas"]["TermResponse"];
            /** @description `sha256:<hex>` of the contract's current terms (customer, plan and quantities, the prices of its pricings, term, start_date, auto_renews, auto_charges, discounts, one-time items, content, custom_variables); the contract executes only when every signature carries this digest */
            terms_digest: string;
            title: string;
            /** Format: date-time */
            updated_at: string;
        };
        ContractQueryDto: {
            customer_id?: string;
            /**
             * @description case-insensitive; EXPIRED is derived from expiration_date
             * @enum {string}
             */
            status?: "DRAFT" | "PENDING_SIGNATURES" | "EXECUTED" | "EXPIRED" | "VOID";
            /** @description any of these statuses (case-insensitive); one status alone may be a string */
            statuses?: string | string[];
            owner_id?: string;
            /** @description the contract charges its invoices automatically */
            auto_charges?: boolean;
            /** @description the contract renews at the end of its term */
            auto_renews?: boolean;
            /**
             * @description the proposal's type, any case: every record this search finds is a CONTRACT, so CONTRACT matches all and CHECKOUT_SESSION none (checkout sessions are read with GET /checkout/{id})
             * @enum {string}
             */
            type?: "CONTRACT" | "CHECKOUT_SESSION";
            /** @description case-insensitive substring of the title or the customer name / organisation */
            search?: string;
        };
        FindContractsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["ContractQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        SignatoryPatchDto: {
            /** @description unique within the contract (case-insensitive) */
            email: string;
            name?: string | null;
            title?: string | null;
            /** @description signing order; default: place in the list (1, 2, ...) */
            position?: number | null;
            declined?: boolean | null;
            /** @description reference of the signature (kept as given) */
            signature_id?: string | null;
            /** @description ignored: the service builds the link */
            signature_link?: string | null;
            signed?: boolean | null;
            /** Format: date-time */
            signed_date?: string | null;
            /** @description ignored: a signature binds the terms current when it is given */
            terms_digest?: string | null;
            /** @description ignored: recorded by the signing page */
            view_timestamps?: string[] | null;
        };
        UpdateContractDto: {
            auto_charges?: boolean | null;
            auto_renews?: boolean | null;
            custom_variables?: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            expiration_date?: string | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            owner_id?: string | null;
            /** @description replaces the list (entries matched by e-mail keep their signature state) */
            signatories?: components["schemas"]["SignatoryPatchDto"][] | null;
            /** Format: date-time */
            start_date?: string | null;
            /** @description null: the plan's default term */
            term?: components["schemas"]["TermDto"] | null;
            title?: string | null;
            /**
             * @description DRAFT → PENDING_SIGNATURES; DRAFT or PENDING_SIGNATURES → VOID
             * @enum {string|null}
             */
            status?: "DRAFT" | "PENDING_SIGNATURES" | "VOID" | null;
        };
        TemplateVariableDto: {
            /**
             * @description the placeholder {{name}} in content (letters, digits, _ . -)
             * @example seats
             */
            name: string;
            description?: string | null;
            /** @description used when a contract leaves the variable out; without one, a contract made from the template must give it */
            default_value?: string | null;
        };
        CreateContractTemplateDto: {
            /** @example Master services agreement */
            name: string;
            description?: string | null;
            /**
             * @description the text (plain text) with {{name}} placeholders; every placeholder must be declared in variables
             * @example This agreement between ACME and {{customer_name}} covers {{seats}} seats.
             */
            content: string;
            /** @description the placeholders of content (names unique) */
            variables?: components["schemas"]["TemplateVariableDto"][] | null;
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
        };
        TemplateVariableResponse: {
            name: string;
            description: string | null;
            default_value: string | null;
        };
        ContractTemplateResponse: {
            /** @example ctpl_01j… */
            id: string;
            company_id: string;
            name: string;
            description: string | null;
            content: string;
            variables: components["schemas"]["TemplateVariableResponse"][];
            metadata: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ContractTemplateQueryDto: {
            /** @description exact name */
            name?: string;
            /** @description case-insensitive substring of the name or the description */
            search?: string;
        };
        FindContractTemplatesBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["ContractTemplateQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | "updatedAtAsc" | "updatedAtDesc" | null;
            include_meta?: boolean | null;
        };
        CreateCheckoutDto: {
            config_items: components["schemas"]["ConfigItemDto"][];
            /** @description customer id or identifier */
            customer_id: string;
            /** @enum {string} */
            type: "CHECKOUT_SESSION";
            /** @description Default: `false`. */
            auto_charges?: boolean | null;
            /** @description Default: `true`. */
            auto_renews?: boolean | null;
            bundle_pricing_id?: string | null;
            /**
             * @description proration of the change: act only with previous_subscription_id (the subscription this checkout changes); without one they are accepted and the session records null
             * @enum {string|null}
             */
            change_proration_type?: "NEXT" | "IMMEDIATE" | "NONE" | null;
            /** @description reset the billing anchor at the change: act only with previous_subscription_id (the subscription this checkout changes); without one they are accepted and the session records null */
            change_reset_billing_anchor?: boolean | null;
            /**
             * @description when the change takes effect: act only with previous_subscription_id (the subscription this checkout changes); without one they are accepted and the session records null
             * @enum {string|null}
             */
            change_timing?: "IMMEDIATE" | "PERIOD_END" | "RENEWAL" | null;
            discounts?: components["schemas"]["DiscountInputDto"][];
            /** @description free-form key/value pairs: at most 50 keys of 1–40 characters, each value at most 500 characters (a non-string value: its JSON text), 16384 bytes of JSON in all */
            metadata?: {
                [key: string]: unknown;
            } | null;
            onetime_items?: components["schemas"]["OnetimeItemDto"][];
            options?: components["schemas"]["CompletionOptionsDto"] | null;
            /** @description a live subscription of the customer whose plan changes */
            previous_subscription_id?: string | null;
            /** @description exactly one of product_pricing_ids and bundle_pricing_id */
            product_pricing_ids?: string[] | null;
            term?: components["schemas"]["TermDto"] | null;
            trial?: boolean | null;
            trial_term?: components["schemas"]["TermDto"] | null;
        };
        CheckoutCreatedResponse: {
            id: string;
            /** @description absolute link of the hosted checkout page */
            url: string | null;
        };
        CheckoutTotalsResponse: {
            sub_total: components["schemas"]["MoneyResponse"];
            discount: components["schemas"]["MoneyResponse"];
            total: components["schemas"]["MoneyResponse"];
            /** Format: date-time */
            invoice_date: string | null;
        };
        CheckoutSessionResponse: {
            acv: components["schemas"]["MoneyResponse"];
            auto_charges: boolean;
            auto_renews: boolean;
            /** @description the bundle, expanded */
            bundle_pricing: {
                [key: string]: unknown;
            } | null;
            bundle_pricing_id: string | null;
            change_proration_type: string | null;
            change_reset_billing_anchor: boolean | null;
            change_timing: string | null;
            company_id: string;
            /** Format: date-time */
            completed_at: string | null;
            config_items: components["schemas"]["ConfigItemResponse"][];
            /** Format: date-time */
            created_at: string;
            currency: string;
            customer: components["schemas"]["CustomerResponse"];
            customer_id: string;
            discounts: {
                [key: string]: unknown;
            }[];
            /** Format: date-time */
            expires_at: string;
            id: string;
            invoice_id: string | null;
            metadata: {
                [key: string]: unknown;
            };
            onetime_items: {
                [key: string]: unknown;
            }[];
            options: components["schemas"]["CompletionOptionsResponse"];
            previous_subscription_id: string | null;
            product_pricing_ids: string[];
            product_pricings: components["schemas"]["ProductPricingResponse"][];
            /** @enum {string} */
            status: "OPEN" | "COMPLETED" | "EXPIRED";
            subscription_id: string | null;
            term: components["schemas"]["TermResponse"];
            /** @description the first invoice's totals, computed by the billing engine */
            totals: components["schemas"]["CheckoutTotalsResponse"] | null;
            trial: boolean;
            trial_term: components["schemas"]["TermResponse"] | null;
            /** @enum {string} */
            type: "CHECKOUT_SESSION";
            /** Format: date-time */
            updated_at: string;
            url: string;
        };
        DashboardLinkDto: Record<string, never>;
        DashboardLinkResponse: {
            /** @description absolute link of the hosted page (the link is the credential: give it only to the customer) */
            url: string;
            /** @description the same link, under the name the mirrored API answers it */
            link: string;
            /**
             * Format: date-time
             * @description when the link stops opening its page (24 hours after it was made)
             */
            expires_at: string;
        };
        NotificationResponse: {
            /** @example ntf_01jz3k4m5n6p7q8r9s0t1v2w3x */
            id: string;
            /**
             * @description INVOICE_FINALIZED (an invoice became final), INVOICE_SENT (POST /invoices/{uuid}/send), PAYMENT_RECEIPT, REFUND_RECEIPT, PAYMENT_FAILED (an automatic charge was declined)
             * @enum {string}
             */
            notification_type: "INVOICE_FINALIZED" | "INVOICE_SENT" | "PAYMENT_RECEIPT" | "REFUND_RECEIPT" | "PAYMENT_FAILED";
            /**
             * @description QUEUED (waiting for its first attempt or a retry), SENT (the SMTP server accepted it), SAVED (written as an .eml file: no SMTP_URL), FAILED (the retries are spent, or no transport is configured)
             * @enum {string}
             */
            status: "QUEUED" | "SENT" | "FAILED" | "SAVED";
            /** @description the billed customer’s email */
            to: string[];
            /** @description the billed customer’s billing_emails */
            cc: string[];
            subject: string;
            customer_id: string | null;
            invoice_id: string | null;
            /** @description always null for now: no contract e-mail is sent yet */
            contract_id: string | null;
            /** @description delivery attempts made */
            attempts: number;
            /** @description why the last attempt failed */
            last_error: string | null;
            /**
             * Format: date-time
             * @description when the next attempt is due (QUEUED only)
             */
            next_attempt_at: string | null;
            /** @description the notification this one sends again (resend) */
            resent_from: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description when it was sent or saved
             */
            sent_at: string | null;
        };
        NotificationQueryDto: {
            /** @description messages about this customer */
            customer_id?: string;
            /** @description messages about this invoice (its id) */
            invoice_id?: string;
            /** @description messages about this contract */
            contract_id?: string;
            /** @enum {string} */
            notification_type?: "INVOICE_FINALIZED" | "INVOICE_SENT" | "PAYMENT_RECEIPT" | "REFUND_RECEIPT" | "PAYMENT_FAILED";
            /** @enum {string} */
            status?: "QUEUED" | "SENT" | "FAILED" | "SAVED";
        };
        FindNotificationsBody: {
            pagination?: components["schemas"]["PaginationDto"] | null;
            query?: components["schemas"]["NotificationQueryDto"] | null;
            /**
             * @description Default: `"createdAtDesc"`.
             * @enum {string|null}
             */
            sort_key?: "createdAtDesc" | "createdAtAsc" | null;
            include_meta?: boolean | null;
        };
        NotificationActionBodyDto: Record<string, never>;
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    HealthController_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Database reachable and every migration applied */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Not ready yet */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CompanySettingsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompanySettingsResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CompanySettingsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCompanySettingsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompanySettingsResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecretResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindWebhooksBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["WebhookResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_rotateSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookActionBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecretResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_test: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookActionBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_findDeliveries: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindWebhookDeliveriesBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["WebhookDeliveryResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhooksController_retry: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                delivery_id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookActionBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhookEventsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindWebhookEventsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["WebhookEventResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    WebhookEventsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    EntitlementsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEntitlementDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntitlementResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    EntitlementsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindEntitlementsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["EntitlementResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    EntitlementsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntitlementResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    EntitlementsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEntitlementDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntitlementResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CustomersController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCustomerDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CustomersController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindCustomersBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["CustomerResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CustomersController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the customer id (cus_…) or its identifier */
                customer_id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CustomersController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the customer id (cus_…) or its identifier */
                customer_id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCustomerDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CustomersController_startManaging: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the customer id (cus_…) or its identifier */
                customer_id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BillableItemsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBillableItemDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableItemResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BillableItemsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindBillableItemsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["BillableItemResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BillableItemsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableItemResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BillableItemsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateBillableItemDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableItemResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BillableMetricsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBillableMetricDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableMetricResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BillableMetricsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindBillableMetricsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["BillableMetricResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BillableMetricsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableMetricResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BillableMetricsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateBillableMetricDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillableMetricResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    UsageController_ingest: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IngestEventsDto"];
            };
        };
        responses: {
            /** @description every event accepted (stored, or a duplicate) */
            200: {
                headers: {
                    /** @description how many events of the batch were refused (0 on a 200) */
                    "X-Tally-Refused-Events"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestEventsResponse"];
                };
            };
            /** @description some events refused (listed in `errors`), the others accepted */
            207: {
                headers: {
                    /** @description how many events of the batch were refused (0 on a 200) */
                    "X-Tally-Refused-Events"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestEventsResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    UsageController_customerUsage: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                customer_id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerUsageDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerUsageResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ObjectsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateObjectDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ObjectsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindObjectsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["ObjectResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ObjectsController_ingest: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IngestObjectsDto"];
            };
        };
        responses: {
            /** @description every entry applied */
            200: {
                headers: {
                    /** @description how many entries of the batch were refused (0 on a 200) */
                    "X-Tally-Refused-Objects"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestObjectsResponse"];
                };
            };
            /** @description some entries refused (listed in `errors`), the others applied */
            207: {
                headers: {
                    /** @description how many entries of the batch were refused (0 on a 200) */
                    "X-Tally-Refused-Objects"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestObjectsResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ObjectsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ObjectsController_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description soft delete: the object stays for the usage of past periods */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ObjectsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateObjectDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProductDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindProductsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["ProductResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the product id (prod_…) or its external_name (the reference's external identifier) */
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ProductsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProductDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PricingsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePricingDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductPricingResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PricingsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindPricingsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["ProductPricingResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PricingsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the product pricing id (pp_…) or its external_name (the reference's external identifier) */
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductPricingResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PricingsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePricingDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductPricingResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BundlesController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBundleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BundleResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BundlesController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindBundlesBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["BundleResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BundlesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BundleResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    BundlesController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateBundleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BundleResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSubscriptionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindSubscriptionsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["SubscriptionResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSubscriptionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_change: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeSubscriptionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelSubscriptionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_undoCancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmptyBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_extend: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExtendTrialDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_pause: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PauseSubscriptionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_resume: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmptyBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    SubscriptionsController_usage: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionUsageDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionUsageResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    NextInvoiceController_next: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NextInvoiceDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoicePreviewResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    InvoicesController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindInvoicesBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["InvoiceResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    InvoicesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    InvoicesController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                uuid: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateInvoiceDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    InvoicesController_link: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceLinkResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / invalid_state: the invoice is a DRAFT (no page until finalized) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    InvoicesController_void: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                uuid: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VoidInvoiceDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    InvoicesController_finalize: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                uuid: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DRAFT → PENDING (PAID when nothing is due); 409 otherwise */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    InvoicesController_markPaid: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                uuid: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarkInvoicePaidDto"];
            };
        };
        responses: {
            /** @description records a payment transaction; PAID when nothing is due */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OneTimesController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOneTimesDto"];
            };
        };
        responses: {
            /** @description the one-time billables created */
            201: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneTimeBillableResponse"][];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    OneTimesController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindOneTimesBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["OneTimeBillableResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentTransactionsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindPaymentTransactionsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["PaymentTransactionResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentTransactionsController_refund: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundTransactionDto"];
            };
        };
        responses: {
            /** @description the REFUND transaction (parent_transaction_id: the payment) */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentTransactionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentTransactionsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentTransactionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentMethodsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customer_id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodResponse"][];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentMethodsController_attach: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                customer_id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AttachPaymentMethodDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentMethodsController_remove: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                customer_id: string;
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    PaymentMethodsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                customer_id: string;
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePaymentMethodDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatePaymentMethodResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CreditsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCreditDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CreditsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindCreditsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["CreditResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CreditsController_consume: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsumeCreditsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsumeCreditsResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CreditsController_findLogs: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindCreditLogsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["CreditLogResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CreditsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CreditsController_revoke: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the credit, state REVOKED */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ContractsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateContractDto"];
            };
        };
        responses: {
            /** @description the contract (creation answers 200) */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ContractsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindContractsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["ContractResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ContractsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ContractsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateContractDto"];
            };
        };
        responses: {
            /** @description the contract; signatures reset when a term changed */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ContractTemplatesController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateContractTemplateDto"];
            };
        };
        responses: {
            /** @description the template (creation answers 200, like contracts) */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractTemplateResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ContractTemplatesController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindContractTemplatesBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["ContractTemplateResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ContractTemplatesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractTemplateResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CheckoutController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCheckoutDto"];
            };
        };
        responses: {
            /** @description #10: the session id and its hosted checkout link (creation answers 200) */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutCreatedResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CheckoutController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description #20: the checkout session record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutSessionResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CustomerPortalController_portal: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                customer_id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DashboardLinkDto"];
            };
        };
        responses: {
            /** @description the link (a secret: give it only to the customer) and its expiry. Repeated with the same Idempotency-Key, the request issues a fresh link (with `Idempotency-Used: true`) rather than replay the first one, which is never stored. */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardLinkResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    CustomerPortalController_usage: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                customer_id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DashboardLinkDto"];
            };
        };
        responses: {
            /** @description the link (a secret: give it only to the customer) and its expiry. Repeated with the same Idempotency-Key, the request issues a fresh link (with `Idempotency-Used: true`) rather than replay the first one, which is never stored. */
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardLinkResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    NotificationsController_find: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindNotificationsBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            /** @description the cursor of the next page (send it as pagination.from_key), null on the last page; a page ends at `limit` rows or at about 1048576 bytes of rows, whichever comes first (always at least one row) */
                            from_key: string | null;
                            limit: number;
                            /** @description only with include_meta: true */
                            total?: number;
                        };
                        results: components["schemas"]["NotificationResponse"][];
                    };
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    NotificationsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    NotificationsController_resend: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NotificationActionBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    NotificationsController_sendInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description makes a retry safe: the first completed answer is stored and replayed (Idempotency-Used: true) for the same key and request */
                "Idempotency-Key"?: string;
            };
            path: {
                uuid: string;
                /** @description the company (cmp_…) the bearer token belongs to */
                company_id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NotificationActionBodyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationResponse"];
                };
            };
            /** @description validation_error (with validation_errors, by dotted field path) or request_error */
            400: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: missing, malformed, unknown or revoked token (WWW-Authenticate: Bearer) */
            401: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description auth_error: the token is for another company */
            403: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / not_found: no such record in this company */
            404: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error (state conflict, e.g. invalid_state) or idempotency_error (idempotency_key_reused / _in_use) */
            409: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / payload_too_large: a body over 1 MiB */
            413: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / unsupported_media_type: a body that is not JSON (application/json or application/*+json, UTF-8), or an unknown Content-Encoding */
            415: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description request_error / rate_limited: too many requests for this token (TALLY_RATE_LIMIT); retry after Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds until the window ends */
                    "Retry-After"?: number;
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description api_error: anything unexpected (never SQL or a stack) */
            500: {
                headers: {
                    /** @description the Idempotency-Key the request carried, on every answer to it */
                    "Idempotency-Key"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
}
