import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { ProductsService } from './products.service';
import { CreateProductDto, FindProductsDto, ProductResponse, UpdateProductDto } from './dto/product.dto';

@ApiTags('catalog')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/products`)
export class ProductsController {
  constructor(private readonly service: ProductsService) {}

  @Post()
  @ApiOperation({ summary: 'Create a product (spec #6)' })
  @HttpCode(200)
  @ApiOkResponse({ type: ProductResponse })
  create(@CompanyId() companyId: string, @Body() dto: CreateProductDto): Promise<ProductResponse> {
    return this.service.create(companyId, dto);
  }

  @Post('find')
  @ApiOperation({ summary: 'Search products' })
  @HttpCode(200)
  @ApiPageResponse(ProductResponse)
  find(@CompanyId() companyId: string, @Body() body: FindProductsDto) {
    return this.service.find(companyId, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a product, with its pricings' })
  @ApiOkResponse({ type: ProductResponse })
  get(@CompanyId() companyId: string, @Param('id') id: string): Promise<ProductResponse> {
    return this.service.get(companyId, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a product; archive with state ARCHIVED' })
  @ApiOkResponse({ type: ProductResponse })
  update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateProductDto): Promise<ProductResponse> {
    return this.service.update(companyId, id, dto);
  }
}
