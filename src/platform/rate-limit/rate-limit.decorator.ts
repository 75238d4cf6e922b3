import { SetMetadata } from '@nestjs/common';

export const RATE_LIMIT_PAGE_PARAM = 'tally:rateLimitPageParam';

/**
 * Marks a hosted-page controller (no bearer token): its requests are limited per link, keyed
 * by the route parameter that holds the link's secret (hashed before it is used as a key).
 */
export const RateLimitedPage = (param: string) => SetMetadata(RATE_LIMIT_PAGE_PARAM, param);
