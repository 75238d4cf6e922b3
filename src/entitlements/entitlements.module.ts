import { Module } from '@nestjs/common';
import { EntitlementsController } from './entitlements.controller';
import { EntitlementsService } from './entitlements.service';
import { EntitlementsViews } from './entitlements.views';
import { EntitlementsRepository } from './entitlements.repository';
import { EntitlementAssignmentsRepository } from './assignments/assignments.repository';
import { EntitlementAssignmentsService } from './assignments/assignments.service';

@Module({
  controllers: [EntitlementsController],
  providers: [
    EntitlementsService,
    EntitlementsViews,
    EntitlementsRepository,
    EntitlementAssignmentsRepository,
    EntitlementAssignmentsService,
  ],
  exports: [EntitlementsService, EntitlementAssignmentsService],
})
export class EntitlementsModule {}
