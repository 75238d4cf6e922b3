import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../paths';
import { CompanyId } from '../tenancy/company-id.decorator';
import { ApiTenantController } from '../api-errors.decorator';
import { CompanySettingsService } from './company-settings.service';
import { CompanySettingsResponse, UpdateCompanySettingsDto } from './company-settings.dto';

@ApiTags('companies')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/settings`)
export class CompanySettingsController {
  constructor(private readonly service: CompanySettingsService) {}

  @Get()
  @ApiOperation({ summary: "Get the company's settings (hosted pages, portal, billing), defaults filled in" })
  @ApiOkResponse({ type: CompanySettingsResponse })
  async get(@CompanyId() companyId: string): Promise<CompanySettingsResponse> {
    return this.service.get(companyId);
  }

  @Patch()
  @ApiOperation({ summary: "Update the company's settings (keys given change; null puts a key's default back)" })
  @ApiOkResponse({ type: CompanySettingsResponse })
  async update(@CompanyId() companyId: string, @Body() dto: UpdateCompanySettingsDto): Promise<CompanySettingsResponse> {
    return this.service.update(companyId, { ...dto });
  }
}
