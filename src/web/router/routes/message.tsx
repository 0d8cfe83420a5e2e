/**
 * The inbox pages (platform-core §2): 系统消息 at /message/index (/message
 * leads there) and 我的通知 at /system/notification — one page, for business
 * messages and announcements. Any signed-in user reads their own; loads on demand.
 */
import { Navigate } from 'react-router-dom';
import { lazyElement } from '../lazyElement';
import type { RouteModule } from '../routeModule';
import type { NoticeKind } from '../../pages/message/noticeApi';

const inbox = (kind: NoticeKind) =>
  lazyElement(() => import('../../pages/message/NoticeInboxPage').then((m) => () => <m.NoticeInboxPage key={kind} kind={kind} />));

const routes: RouteModule = {
  layoutRoutes: [
    { path: 'message', element: <Navigate to="/message/index" replace />, handle: { meta: { isTab: false } } },
    { path: 'message/index', element: inbox('business'), handle: { meta: { i18n: 'notices.title.business' } } },
    { path: 'system/notification', element: inbox('announcement'), handle: { meta: { i18n: 'notices.title.announcement' } } },
  ],
};

export default routes;
