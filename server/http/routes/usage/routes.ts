// Contract of the installation's usage report (lakeFS's getUsageReportSummary). lakeFS answers 404 when usage
// reporting is switched off; Tarn counts on the installation itself and sends the figures nowhere, so there is
// nothing to switch off and a self-hosted user gets the report.
import { onAnything } from '../../access';
import { contract, failure, jsonContent } from '../../contract';
import { InstallationUsageReport } from '../../wire';

export const getUsageReportSummary = contract({
  operationId: 'getUsageReportSummary',
  method: 'get',
  path: '/usage-report/summary',
  tags: ['usage'],
  summary: 'Authenticated API calls of this installation per month',
  access: onAnything('fs:ReadConfig'),
  responses: { 200: jsonContent(InstallationUsageReport, 'The calls of each month, oldest first'), default: failure },
});
