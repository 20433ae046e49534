import { fromPromise } from 'xstate'
import { useMachine } from '@xstate/react'
import { createCollectionMachine } from '../../../../machines/shared/collection.machine'
import { myDocuments } from '../../../api/documents'
import type { Document } from '../../../api/contracts/documents'
import { useNotifications } from '../../../app/use-notifications'
import { LOAD_FAILED } from '../../documents/document-files'

/** The family's documents (GET /documents/my): the Documents page and each booking's checklist. */
export const liveMyDocuments = createCollectionMachine<Document>('myDocuments').provide({
  actors: { fetchItems: fromPromise(() => myDocuments()) },
})

export function useMyDocuments() {
  const [snapshot, send, actorRef] = useMachine(liveMyDocuments, { input: { failureMessage: LOAD_FAILED } })
  useNotifications(actorRef)
  return {
    documents: snapshot.context.items,
    loading: snapshot.hasTag('loading'),
    loaded: snapshot.matches('ready'),
    error: snapshot.context.error,
    reload: () => send({ type: 'collection.fetch' }),
    add: (doc: Document) => send({ type: 'collection.add', item: doc }),
  }
}
