import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { TaxesModule } from '../taxes/taxes.module';
import { CustomersController } from './customers.controller';
import { CustomersRepository } from './customers.repository';
import { CustomerLookupService } from './customer-lookup.service';
import { CustomersService } from './customers.service';
import { CustomersViews } from './customers.views';
import { CustomerEntitlementsPort } from './customer-entitlements-view.service';
import { CustomersHooks } from './customers.hooks';
import { CustomerDetailsService } from './customer-details.service';

@Module({
  imports: [WebhooksModule, TaxesModule],
  controllers: [CustomersController],
  providers: [
    CustomersRepository,
    CustomerLookupService,
    CustomersService,
    CustomerDetailsService,
    CustomersViews,
    CustomersHooks,
    CustomerEntitlementsPort,
  ],
  exports: [
    CustomersService,
    CustomerLookupService,
    CustomersRepository,
    CustomerDetailsService,
    CustomersViews,
    CustomersHooks,
    CustomerEntitlementsPort,
  ],
})
export class CustomersModule {}
