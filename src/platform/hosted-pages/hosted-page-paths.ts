import type { INestApplication } from '@nestjs/common';
import { EXCEPTION_FILTERS_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { HostedPageErrorFilter } from './hosted-page-error.filter';

/**
 * The path prefixes of the hosted pages (`/checkout/pay/`, `/portal/`, …): those of every
 * controller that answers its errors with HostedPageErrorFilter, read from the controllers'
 * metadata so that a new page needs nothing more than that filter. What is refused before a
 * controller is chosen (a path that does not decode, a body too large or not a form) is then an
 * HTML page there too, and only forms are parsed there (see http/request-bodies.ts).
 */
export function hostedPagePrefixes(app: INestApplication): string[] {
  const prefixes: string[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as object | null;
      if (!type) continue;
      const filters = (Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, type) ?? []) as unknown[];
      if (!filters.includes(HostedPageErrorFilter)) continue;
      const paths = Reflect.getMetadata(PATH_METADATA, type) as string | string[] | undefined;
      for (const path of ([] as string[]).concat(paths ?? [])) prefixes.push(`/${path.replace(/^\/+|\/+$/g, '')}/`);
    }
  }
  return prefixes;
}

/** True when `path` (as Express routes it) is under one of `prefixes`. */
export function isUnderPrefix(prefixes: readonly string[], path: string): boolean {
  return prefixes.some((p) => path.startsWith(p) || path === p.slice(0, -1));
}
