import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { IsInt, IsOptional, IsString, ValidateNested, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { DataSource, QueryFailedError } from 'typeorm';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiTenantController } from '../../src/platform/api-errors.decorator';
import { COMPANY_PATH } from '../../src/platform/paths';
import { CompanyId } from '../../src/platform/tenancy/company-id.decorator';

class InnerDto {
  @IsInt() @Min(1) count: number;
}
class NestedDto {
  @IsString() name: string;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => InnerDto) items?: InnerDto[];
  @IsOptional() @ValidateNested() @Type(() => InnerDto) inner?: InnerDto;
}

/** Only for tests: endpoints that fail in the ways a real module can (documented like any route: the contract hook checks them too). */
@ApiTenantController()
@Controller(`${COMPANY_PATH}/__test`)
export class FailingController {
  static calls = 0;
  static dataSource: DataSource | null = null;

  constructor(dataSource: DataSource) {
    FailingController.dataSource = dataSource;
  }

  @Post('boom')
  @HttpCode(200)
  @ApiOperation({ summary: 'Always fails (500)' })
  @ApiOkResponse({ schema: { type: 'object' } })
  boom(@CompanyId() _companyId: string) {
    FailingController.calls++;
    throw new Error('SELECT secret FROM internal_table WHERE password = 42');
  }

  @Post('sql')
  @HttpCode(200)
  @ApiOperation({ summary: 'Always fails with SQL (500)' })
  @ApiOkResponse({ schema: { type: 'object' } })
  sql() {
    FailingController.calls++;
    throw new QueryFailedError('SELECT * FROM customers', [], Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }));
  }

  /** Fails the first time, succeeds after: a retry with the same key must run again. */
  @Post('flaky')
  @HttpCode(201)
  @ApiOperation({ summary: 'Fails every other call' })
  @ApiCreatedResponse({
    schema: {
      type: 'object',
      required: ['ok', 'n', 'call'],
      properties: { ok: { type: 'boolean' }, n: { type: 'number', nullable: true }, call: { type: 'integer' } },
    },
  })
  flaky(@Body() body: { n?: number }) {
    FailingController.calls++;
    if (FailingController.calls % 2 === 1) throw new Error('transient failure');
    return { ok: true, n: body.n ?? null, call: FailingController.calls };
  }

  /**
   * A real retryable database error (serialization failure 40001, or deadlock 40P01 with
   * `{code: '40P01'}`) on odd calls; the writes of even calls succeed.
   */
  @Post('retryable')
  @HttpCode(201)
  @ApiOperation({ summary: 'Fails with a retryable database error every other call' })
  @ApiCreatedResponse({
    schema: { type: 'object', required: ['ok', 'call'], properties: { ok: { type: 'boolean' }, call: { type: 'integer' } } },
  })
  async retryable(@Body() body: { code?: string }) {
    FailingController.calls++;
    if (FailingController.calls % 2 === 1) {
      const code = body.code === '40P01' ? '40P01' : '40001';
      await FailingController.dataSource!.query(
        `DO $$ BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '${code}'; END $$`,
      );
    }
    return { ok: true, call: FailingController.calls };
  }

  /** Answers a field its documented schema does not list: the contract hook must fail the request. */
  @Post('drift')
  @HttpCode(200)
  @ApiOperation({ summary: 'Answers an undocumented field' })
  @ApiOkResponse({ schema: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } } })
  drift() {
    return { ok: true, surprise: 1 };
  }

  @Post('nested')
  @HttpCode(200)
  @ApiOperation({ summary: 'Echoes a valid nested body' })
  @ApiOkResponse({ type: NestedDto })
  nested(@Body() dto: NestedDto) {
    return dto;
  }
}

@Module({ controllers: [FailingController] })
export class FailingModule {}
