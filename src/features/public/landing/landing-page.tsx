import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { useLingui } from '@lingui/react/macro'
import { useDocumentTitle } from '../../../lib/document-title'
import { ContactSection } from './contact-section'
import { AboutSection, HeroSection, ResourcesSection, ServicesSection, TestimonialsSection } from './landing-sections'

/** `/`: who we are, what we offer, where to find help, and how to reach us. */
export function LandingPage() {
  const { t } = useLingui()
  useDocumentTitle('', t`Amani Funeral Home, Kenya: book funeral services, upload the documents a burial needs and pay by M-Pesa, from your phone. Call us at any hour.`)
  const { hash } = useLocation()
  // Arriving from another page at /#contact: the router does not scroll to the anchor by itself.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
  }, [hash])

  return (
    <>
      <HeroSection />
      <ServicesSection />
      <AboutSection />
      <ResourcesSection />
      <TestimonialsSection />
      <ContactSection />
    </>
  )
}
