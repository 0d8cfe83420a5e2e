/**
 * /map/province and /map/county: the public-sentiment view the user's role and region code pick
 * (publicSentimentView). /map leads to /map/province (menuRoutes.ts); a user whose rule picks the county view
 * is sent on to /map/county. Each page is behind the menu gate of its path.
 */
import { observer } from 'mobx-react-lite';
import { Navigate } from 'react-router-dom';
import { gatedPage } from '../../router/gatedPage';
import { MAP_COUNTY_PATH, publicSentimentView } from '../../router/menuRoutes';
import { navigationStore } from '../../shell/navigationStore';
import { SentimentMapPage } from './SentimentMapPage';

export const SentimentRoute = observer(function SentimentRoute({ view }: { view: 'province' | 'county' }) {
  if (view === 'province' && publicSentimentView(navigationStore.context) === 'county') return <Navigate to={MAP_COUNTY_PATH} replace />;
  return gatedPage(<SentimentMapPage view={view} />);
});
