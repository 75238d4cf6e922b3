import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { COMPANY_PATH } from '../platform/paths';
import { CompanyId } from '../platform/tenancy/company-id.decorator';
import { ApiTenantController } from '../platform/api-errors.decorator';
import { ApiPageResponse } from '../platform/search/api-page.decorator';
import { ProductsService } from './products.service';
import { CatalogViews } from './catalog.views';
import { CreateProductDto, FindProductsDto, ProductResponse, UpdateProductDto } from './dto/product.dto';

@ApiTags('catalog')
@ApiTenantController()
@Controller(`${COMPANY_PATH}/products`)
export class ProductsController {
  constructor(
    private readonly service: ProductsService,
    private readonly views: CatalogViews,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a product' })
  @HttpCode(200)
  @ApiOkResponse({ type: ProductResponse })
  async create(@CompanyId() companyId: string, @Body() dto: CreateProductDto): Promise<ProductResponse> {
    return this.views.productView(companyId, await this.service.create(companyId, dto));
  }

  @Post('find')
  @ApiOperation({ summary: 'Search products' })
  @HttpCode(200)
  @ApiPageResponse(ProductResponse)
  async find(@CompanyId() companyId: string, @Body() body: FindProductsDto) {
    return this.views.productPage(companyId, await this.service.find(companyId, body));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a product, with its pricings, by id or external_name' })
  @ApiParam({ name: 'id', description: "the product id (prod_…) or its external_name (the reference's external identifier)" })
  @ApiOkResponse({ type: ProductResponse })
  async get(@CompanyId() companyId: string, @Param('id') id: string): Promise<ProductResponse> {
    return this.views.productView(companyId, await this.service.getByIdOrExternalName(companyId, id));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Update a product; archive with state ARCHIVED' })
  @ApiOkResponse({ type: ProductResponse })
  async update(@CompanyId() companyId: string, @Param('id') id: string, @Body() dto: UpdateProductDto): Promise<ProductResponse> {
    return this.views.productView(companyId, await this.service.update(companyId, id, dto));
  }
}
