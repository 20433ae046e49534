import { PageHeader } from '../../components/page-header'
import { FeedPanel } from '../calendar/feed-panel'
import { MY_DAY_TEXT } from './morgue-words'

/** The attendant's private calendar feed: their cases' events on their own phone's calendar. */
export function CalendarFeedPage() {
  return (
    <>
      <PageHeader title={MY_DAY_TEXT.calendarTitle} subtitle={MY_DAY_TEXT.calendarSubtitle} />
      <FeedPanel />
    </>
  )
}
