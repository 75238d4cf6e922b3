import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'tally:isPublic';
/** Opens a route to callers without a bearer token (health, docs, hosted pages). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
