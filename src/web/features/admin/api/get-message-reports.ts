/** GET /api/admin/message-reports: one page of conversation reports, open or handled (docs/product.md "Messages", "Team console"). */
import { useQuery } from '@tanstack/react-query';
import type { MessageReportList } from '@shared/schemas/conversations';
import { adminListQuery } from './admin-cache';

export const useMessageReports = (status: string, page: number) => useQuery(adminListQuery<MessageReportList>('message-reports', { status, page }));
