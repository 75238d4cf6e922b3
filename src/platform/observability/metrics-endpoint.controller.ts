import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator';
import { TALLY_CONFIG, TallyConfig } from '../config/config';
import { DomainError } from '../errors/domain-error';
import { PrometheusMetrics } from './prometheus-metrics';

/**
 * `GET /metrics`: the Prometheus exposition text (docs/operations-metrics.md). Not an API
 * token's route: open by default, like `/health`, and with `TALLY_METRICS_TOKEN` set only to a
 * request whose `Authorization: Bearer` is that token (else a 401 in the API's error shape).
 * Left out of the OpenAPI document, which describes the JSON API.
 */
@Public()
@ApiExcludeController()
@Controller()
export class MetricsEndpointController {
  private readonly tokenDigest: Buffer | null;

  constructor(
    private readonly metrics: PrometheusMetrics,
    @Inject(TALLY_CONFIG) config: TallyConfig,
  ) {
    this.tokenDigest = config.metricsToken === null ? null : digest(config.metricsToken);
  }

  @Get('metrics')
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.tokenDigest && !this.authorized(req.headers.authorization)) {
      throw new DomainError('unauthorized', 'auth', 'GET /metrics needs Authorization: Bearer <TALLY_METRICS_TOKEN>');
    }
    const { contentType, body } = await this.metrics.scrape();
    res.status(200).setHeader('Content-Type', contentType).setHeader('Cache-Control', 'no-store').send(body);
  }

  /** Compares digests of equal length in constant time: neither the token nor its length leaks through timing. */
  private authorized(header: string | undefined): boolean {
    const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
    return match !== null && timingSafeEqual(digest(match[1]), this.tokenDigest!);
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
