import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator';

@ApiTags('platform')
@Public()
@Controller()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('health')
  @ApiOperation({ summary: 'Liveness: the process is up' })
  @HttpCode(200)
  @ApiOkResponse({ description: 'The process is up', schema: { example: { status: 'ok' } } })
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: database reachable and every migration applied' })
  @ApiOkResponse({
    description: 'Database reachable and every migration applied',
    schema: { example: { status: 'ready', database: 'ok', migrations: 'applied' } },
  })
  @ApiServiceUnavailableResponse({ description: 'Not ready yet' })
  async ready(@Res({ passthrough: true }) res: Response) {
    let database = 'ok';
    let migrations = 'applied';
    try {
      await this.dataSource.query('SELECT 1');
      if (await this.dataSource.showMigrations()) migrations = 'pending';
    } catch {
      database = 'unreachable';
      migrations = 'unknown';
    }
    const ready = database === 'ok' && migrations === 'applied';
    res.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not_ready', database, migrations };
  }
}
