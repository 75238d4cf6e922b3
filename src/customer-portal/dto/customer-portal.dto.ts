import { ApiProperty } from '@nestjs/swagger';

/** The link requests take no field (an empty object, or no body). */
export class DashboardLinkDto {}

export class DashboardLinkResponse {
  @ApiProperty({ description: 'absolute link of the hosted page (the link is the credential: give it only to the customer)' })
  url: string;
  @ApiProperty({ description: 'the same link, under the name the mirrored API answers it' })
  link: string;
  @ApiProperty({ format: 'date-time', description: 'when the link stops opening its page (24 hours after it was made)' })
  expires_at: string;
}
