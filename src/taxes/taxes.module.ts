import { Module } from '@nestjs/common';
import { TaxesController } from './taxes.controller';
import { TaxesRepository } from './taxes.repository';
import { TaxesService } from './taxes.service';
import { TaxesViews } from './taxes.views';

@Module({
  controllers: [TaxesController],
  providers: [TaxesRepository, TaxesService, TaxesViews],
  exports: [TaxesService],
})
export class TaxesModule {}
