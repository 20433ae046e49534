import { fromPromise } from 'xstate'
import { useMachine } from '@xstate/react'
import { createCollectionMachine } from '../../../../machines/shared/collection.machine'
import { myDocuments } from '../../../api/documents'
import type { Document } from '../../../../shared/contracts/documents'
import { useNotifications } from '../../../app/use-notifications'
import { DOCUMENT_MESSAGES } from '../../documents/document-files'

/** The family's documents (GET /documents/my): the Documents page and each booking's checklist. */
export const liveMyDocuments = createCollectionMachine<Document>('myDocuments').provide({
  actors: { fetchItems: fromPromise(() => myDocuments()) },
})

/** `saidInPlace`: the screen always shows a failure where the list would be (the Documents page), so no toast repeats it. */
export function useMyDocuments({ saidInPlace = false }: { saidInPlace?: boolean } = {}) {
  const [snapshot, send, actorRef] = useMachine(liveMyDocuments, { input: { failureMessage: DOCUMENT_MESSAGES.loadFailed, toast: !saidInPlace } })
  useNotifications(actorRef)
  return {
    documents: snapshot.context.items,
    loading: snapshot.hasTag('loading'),
    slow: snapshot.hasTag('slow'),
    loaded: snapshot.matches('ready'),
    error: snapshot.context.error,
    reload: () => send({ type: 'collection.fetch' }),
    add: (doc: Document) => send({ type: 'collection.add', item: doc }),
  }
}
